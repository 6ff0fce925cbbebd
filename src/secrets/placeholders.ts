// Placeholders: the stand-ins people write where a credential goes (`xxxx`, `EXAMPLE`, `<token>`, `abcdef123456`).
import { sequenceShare } from './sequences.js';

const PLACEHOLDER_WORDS =
  /sample|dummy|placeholder|changeme|change[_-]me|redacted|fake|lorem|foobar|randomstring|your(?=[_-]?[a-z])|insert(?=[_-])|replace(?=[_-]?me)|(?<=[a-z])here$/gi;
const PLACEHOLDER_MARKS = /<[^>]*>|\.\.\.|…|([xX*#])\1{5,}/;
/** Short runs of x or stars and alphabet runs: placeholders in a short value, chance in a long random one. */
const SHORT_MARKS = /([xX*#])\1{2,}|abcdefg|klmnop|opqrst|qrstuv|uvwxyz/;
const TEMPLATE_REFERENCE =
  /^\{[A-Za-z_][\w.]{0,60}\}$|\[[A-Z][A-Z_ -]{1,40}\]|\$\{[^}]{0,80}\}|\{\{[^}]{0,80}\}\}|%[A-Za-z_][A-Za-z0-9_]{0,40}%|^\$[A-Za-z_][A-Za-z0-9_]*$|^\$\(|#\{[^}]{0,80}\}|^<%|^env\(|process\.env|os\.environ|getenv|secrets\.[A-Za-z_]/;

/** True when a word is written in one case (`fake`, `FAKE`, `Fake`): a word, not letters of a random token. */
function oneCase(word: string): boolean {
  return word === word.toLowerCase() || word === word.toUpperCase() || /^[A-Z][a-z]+$/.test(word);
}

/** Share of a string covered by runs of five or more identical characters (`aaaaa`, `00000`). */
function repeatShare(value: string): number {
  let covered = 0;
  for (const m of value.matchAll(/(.)\1{4,}/g)) covered += m[0].length;
  return value.length === 0 ? 0 : covered / value.length;
}

/** The unmistakable marks, whatever the policy: `<...>`, an ellipsis, long runs of x or stars, the word example,
 * template syntax, or long runs of one character. */
function markedShape(value: string): boolean {
  if (PLACEHOLDER_MARKS.test(value) || /example/i.test(value) || TEMPLATE_REFERENCE.test(value)) return true;
  const repeats = repeatShare(value);
  return repeats >= 0.25 || (repeats > 0 && /(.)\1{7,}/.test(value));
}

/** True when a value of any length carries an unmistakable placeholder mark (see {@link markedShape}); while
 * placeholders are counted, only a template reference. */
export function hasPlaceholderMarks(value: string): boolean {
  return countingPlaceholders ? TEMPLATE_REFERENCE.test(value) : markedShape(value);
}

/** A value of letters that spells out what it stands for (`dbpassword`, `my-top-secret`, `smtp_password`). */
const NAMED_STAND_IN = /^[A-Za-z_-]*(?:password|passwd|secret|token)[A-Za-z_-]*$/i;

/** The placeholder shapes, whatever the policy: marks, short runs of x, placeholder words in one case, an
 * alphabet run, or letters that name what they stand for. */
function placeholderShape(value: string): boolean {
  if (markedShape(value) || SHORT_MARKS.test(value) || NAMED_STAND_IN.test(value)) return true;
  for (const m of value.matchAll(PLACEHOLDER_WORDS)) if (oneCase(m[0])) return true;
  return false;
}

/** True when a value is a placeholder, a template reference or a documentation sample rather than a credential
 * (see {@link placeholderShape}); while placeholders are counted, only a template reference. */
export function isPlaceholder(value: string): boolean {
  return countingPlaceholders ? TEMPLATE_REFERENCE.test(value) : placeholderShape(value);
}

/**
 * True while placeholders are counted (`placeholders: 'redact'`) and `value`, in a credential's place, is one
 * (`AKIAIOSFODNN7EXAMPLE`, `xxxxxxxx`, `<your-token>`) but no template reference: a stand-in the policy redacts
 * though it holds too little randomness to pass as a credential.
 */
export function countedPlaceholder(value: string): boolean {
  return countingPlaceholders && !TEMPLATE_REFERENCE.test(value) && placeholderShape(value);
}

/**
 * True while a detection counts placeholders as credentials (the `placeholders: 'redact'` policy). Set only by
 * {@link withPlaceholdersCounted} for the length of one synchronous detection, and restored after it.
 */
let countingPlaceholders = false;

/**
 * Runs a synchronous detection that counts placeholders as credentials: a value in a credential's place that
 * only a placeholder check held back is found too. Template references (`${TOKEN}`, `process.env.X`) still are
 * not: they name where a credential comes from and hold none.
 */
export function withPlaceholdersCounted<T>(detect: () => T): T {
  const before = countingPlaceholders;
  countingPlaceholders = true;
  try {
    return detect();
  } finally {
    countingPlaceholders = before;
  }
}

/** True when counting runs (`abcdef`, `123456`, `a1b2c3`) cover at least `share` of a value: made up, unless
 * placeholders are being counted. */
export function madeUp(value: string, share: number): boolean {
  return !countingPlaceholders && sequenceShare(value) >= share;
}
