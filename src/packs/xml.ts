// Escaping text for XML 1.0 attribute values and character data (JUnit reports).

/**
 * Characters a report escapes: every control character other than tab, LF and CR (XML 1.0 cannot hold C0
 * controls; DEL and C1 are discouraged), lone surrogates, and U+FFFE/U+FFFF.
 */
const NOT_XML_CHAR = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\uFFFE\uFFFF]/gu;

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
