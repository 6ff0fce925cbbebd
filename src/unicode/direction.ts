// Default text direction by block: which code points are right-to-left letters, digits and marks.

/**
 * True inside the blocks whose characters default to bidi class R or AL (DerivedBidiClass.txt): Hebrew,
 * Arabic, Syriac, Thaana, N'Ko… and their presentation forms and supplementary-plane RTL blocks.
 */
export function isRightToLeft(codePoint: number): boolean {
  return (
    (codePoint >= 0x0590 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb1d && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfefe) ||
    (codePoint >= 0x10800 && codePoint <= 0x10fff) ||
    (codePoint >= 0x1e800 && codePoint <= 0x1efff)
  );
}
