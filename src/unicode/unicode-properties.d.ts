// Type declarations for the unicode-properties package (it ships none): only the lookups src/unicode uses.
declare module 'unicode-properties' {
  /** The Script property value of a code point, as a long name such as `Latin` or `Common`. */
  export function getScript(codePoint: number): string;
  /** The General_Category of a code point as a two-letter code such as `Lu` or `Mn`. */
  export function getCategory(codePoint: number): string;
  /** The Canonical_Combining_Class of a code point as a name such as `Not_Reordered` or `Virama`. */
  export function getCombiningClass(codePoint: number): string;
}
