// The look-alike data of the prompt fold: supplements to UTS #39 and the encoded forms a reader may decode (data).

/**
 * Look-alikes of the delimiter characters that the fold would miss otherwise, checked before and after NFKD.
 * UTS #39 maps the angle brackets `〈 ⟨ 〈` to the ornament `❬` and the fullwidth and heavy bars to the
 * box-drawing `│`, while a prompt reader sees `<` and `|`; `︰` decomposes to `..` under NFKD although it looks
 * like `:`; five come from Unicode data newer than the confusables package (a test compares every delimiter
 * look-alike in the Unicode file with the fold); and the last ones are vertical strokes that UTS #39 leaves alone
 * but a reader takes for the bar of `<|…|>` (broken bar, ornament and box strokes, the CJK stroke). Keys and
 * values are single characters.
 */
export const EXTRA_PROTOTYPES: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    '❬': '<',
    '❭': '>',
    '❰': '<',
    '❱': '>',
    '│': '|',
    '┃': '|',
    '⁅': '[',
    '⁆': ']',
    '︰': ':',
    '\u{11DD9}': ':',
    '\u2CC7': '/',
    '\u{11DDA}': 'l',
    '\u{11DE1}': 'l',
    '\u{16EAA}': 'l',
    '¦': '|',
    '❘': '|',
    '❙': '|',
    '❚': '|',
    '▏': '|',
    '▕': '|',
    '⏐': '|',
    丨: '|',
    〡: '|',
  }),
);

/**
 * The fold's last step collapses letters a reader cannot tell apart once case is gone: `i` and `l` (the UTS #39
 * prototype of `I`, `|` and `1` is `l`, but lower-casing first would send `I` to `i`). Over-matching here only
 * defuses text that already looks like a control token.
 */
export const COLLAPSED_LETTERS: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, { i: 'l' }),
);

/** Characters that end a line for a reader or a tokenizer's line logic. They fold to `\n`. */
export const LINE_BREAK: RegExp = Object.freeze(/^[\n\r\v\f\u0085\u2028\u2029]$/u);

/** White space other than line breaks folds to a single space. */
export const FOLD_SPACE: RegExp = Object.freeze(/^\p{White_Space}$/u);

/** Characters that fold to nothing: invisible formatting, default-ignorables, combining marks, other controls. */
export const FOLD_IGNORABLE: RegExp = Object.freeze(
  /^[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Mn}\p{Me}]$/u,
);

/**
 * Encoded forms a reader (or an HTML, JSON, JavaScript or URL decoder downstream) turns back into characters,
 * each anchored at the start of the text it is tried on: HTML character references (named, decimal, hex, with
 * or without `;`), `\uXXXX`, `\u{X…}` and `\xXX` escapes, backslash before punctuation (JSON `\/`, Markdown
 * `\<`), the escaped line breaks `\n` `\r` and tab `\t`, and percent-encoded ASCII.
 */
export const ENCODED_FORMS = Object.freeze({
  entity: Object.freeze(/^&(?:#[0-9]{1,8};?|#[xX][0-9a-fA-F]{1,7};?|[A-Za-z][A-Za-z0-9]{1,31};?)/),
  unicodeEscape: Object.freeze(/^\\u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]{1,6})\})/),
  hexEscape: Object.freeze(/^\\x([0-9a-fA-F]{2})/),
  controlEscape: Object.freeze(/^\\([nrt])/),
  punctuationEscape: Object.freeze(/^\\([!-/:-@[-`{-~])/),
  percent: Object.freeze(/^%([0-7][0-9a-fA-F])/),
});

/** The longest encoded form is shorter than this, so a decoder only needs this many characters of lookahead. */
export const ENCODED_FORM_WINDOW = 40;

/** How many times a decoded `&` may start another encoded form (`&amp;lt;` → `&lt;` → `<`). */
export const MAX_DECODE_DEPTH = 3;
