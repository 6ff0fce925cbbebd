// Escaping text for XML 1.0 attribute values and character data (JUnit reports).

/** Characters XML 1.0 cannot hold at all: C0 controls other than tab, LF and CR, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

const ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
});

/**
 * Text safe inside an XML attribute value or element: markup characters become entities, characters XML
 * cannot represent become `\u{hex}` escapes, and line breaks in attributes become character references.
 */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`)
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;');
}
