// Unicode tag characters (U+E0000–E007F): the ASCII they shadow, for the operator's audit record.

/** CANCEL TAG, which ends an emoji tag sequence. */
export const CANCEL_TAG = 0xe007f;

/** The ASCII character a tag character shadows (U+E0020–E007E → U+0020–007E), or '' for the others. */
export function tagToAscii(codePoint: number): string {
  return codePoint >= 0xe0020 && codePoint <= 0xe007e ? String.fromCharCode(codePoint - 0xe0000) : '';
}
