// Encodes text for an HTML text node or a double-quoted attribute value (the html sink's string output only).

const SPECIAL = /[&<>"']/g;

const REFERENCES: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  }),
);

/**
 * Replaces `&`, `<`, `>`, `"` and `'` with character references, so the text can be neither markup in a text
 * node nor the end of a quoted attribute value. For those two contexts only: never for URLs, CSS or scripts.
 */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (char) => REFERENCES[char] ?? char);
}
