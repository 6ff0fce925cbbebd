// Bare random-looking tokens with no key or prefix: long, mixed-class, high-entropy, and not an id or digest.
import { RANK, type FindingSink } from './finding.js';
import {
  charClasses,
  isIdentifierLookalike,
  isPlaceholder,
  looksLikeWords,
  shannonEntropy,
  wordRunShare,
} from './plausible.js';

const RUN = /[A-Za-z0-9+/_-]{20,}={0,3}/g;
const MAX_RUN = 512;

function isRunCode(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 43 ||
    c === 47 ||
    c === 61 ||
    c === 95 ||
    c === 45
  );
}

/** True when a whole line is one wrapped base64 line of a PEM or MIME body (certificates are not secrets). */
function isWrappedLine(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length !== 64 && length !== 76) return false;
  const before = start === 0 ? 10 : text.charCodeAt(start - 1);
  const after = end >= text.length ? 10 : text.charCodeAt(end);
  return (before === 10 || before === 13) && (after === 10 || after === 13);
}

/** True when a token reads as a random credential rather than an identifier, a path, an id or a digest. */
export function isRandomToken(token: string): boolean {
  if (token.length < 20 || token.length > MAX_RUN || isIdentifierLookalike(token) || isPlaceholder(token))
    return false;
  if ((token.match(/\//g) ?? []).length >= 2 && !/[+=]/.test(token) && wordRunShare(token) > 0.2)
    return false;
  const core = token.replace(/=+$/, '');
  const classes = charClasses(core);
  const entropy = shannonEntropy(core);
  if (wordRunShare(core) > 0.3) return false;
  if (core.startsWith('ey') || looksLikeWords(core)) return false;
  if (classes.upper === 0 || classes.lower === 0 || classes.digit < 2) return false;
  return core.length >= 32 && entropy >= 4.3;
}

/** Finds bare high-entropy tokens in `text[from, to)`. */
export function scanEntropyTokens(text: string, from: number, to: number, sink: FindingSink): void {
  RUN.lastIndex = from;
  for (let m = RUN.exec(text); m !== null && m.index < to; m = RUN.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const before = start > 0 ? text.charCodeAt(start - 1) : 32;
    // A run glued to a percent escape is a fragment of encoded text; its decoded form is scanned instead.
    if (isRunCode(before) || before === 37 || text.charCodeAt(end) === 37) continue;
    if (isWrappedLine(text, start, end)) continue;
    let token = m[0];
    let offset = 0;
    const dash = /^[-_]+/.exec(token);
    if (dash !== null) {
      offset = dash[0].length;
      token = token.slice(offset);
    }
    if (isRandomToken(token))
      sink.push({ provider: 'high-entropy', start: start + offset, end, rank: RANK.entropy });
  }
}
