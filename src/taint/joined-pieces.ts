// Quoted pieces a text joins together ('ex' + 'fil@' + 'evil.example'): the value a model would put together.

/** Longest quoted piece taken. */
const MAX_PIECE = 64;

/**
 * A quoted piece: single, double, backtick or curly quotes, on one line. A single quote opens and closes only
 * beside something other than a letter or digit, so an apostrophe (`wife's`) is no quote.
 */
const PIECE = new RegExp(
  [
    `(?<![\\p{L}\\p{N}])'([^'\\n]{1,${MAX_PIECE}})'(?![\\p{L}\\p{N}])`,
    `"([^"\\n]{1,${MAX_PIECE}})"`,
    `\`([^\`\\n]{1,${MAX_PIECE}})\``,
    `‘([^’\\n]{1,${MAX_PIECE}})’`,
    `“([^”\\n]{1,${MAX_PIECE}})”`,
  ].join('|'),
  'gu',
);

/** What may stand between two pieces that are meant to be joined. */
const JOINER = /^\s{0,3}(?:\+|&|,|and|then|plus|followed by)\s{0,3}$/i;

/**
 * The text with every chain of two or more quoted pieces joined by `+` (or `&`, `and`, `then`, `plus`,
 * `followed by`, a comma) replaced by the pieces put together, unquoted: `send it to 'ex' + 'fil@evil.example'`
 * reads `send it to exfil@evil.example`. The text itself when it holds no such chain. Linear in the text.
 */
export function joinedPieces(text: string): string {
  if (!/['"`‘“]/.test(text)) return text;
  let out = '';
  let copied = 0;
  let chain: RegExpExecArray[] = [];
  const flush = (): void => {
    const first = chain[0];
    const last = chain[chain.length - 1];
    if (chain.length >= 2 && first !== undefined && last !== undefined) {
      out += text.slice(copied, first.index) + chain.map(firstGroup).join('');
      copied = last.index + last[0].length;
    }
    chain = [];
  };
  for (const match of text.matchAll(PIECE)) {
    const previous = chain[chain.length - 1];
    if (previous !== undefined && !JOINER.test(text.slice(previous.index + previous[0].length, match.index)))
      flush();
    chain.push(match);
  }
  flush();
  return copied === 0 ? text : out + text.slice(copied);
}

/** The first capture group that took part in a match (of a regular expression that is an alternation). */
export function firstGroup(match: RegExpMatchArray): string {
  return (match.slice(1) as (string | undefined)[]).find((group) => group !== undefined) ?? '';
}
