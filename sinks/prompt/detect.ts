// Finds forged boundaries, guessed nonces, chat-template tokens and turn markers in text, through the fold.
import { BOUNDARY_NAME } from './boundary.js';
import { BAR_TOKEN_DELIMITERS, CHAT_TEMPLATE_TOKENS, HEADER_SECTIONS, TURN_ROLES } from './chat-tokens.js';
import type { ChatTemplateFamily } from './chat-tokens.js';
import { foldPlain, foldText, originalRange } from './fold.js';
import type { FoldedText } from './fold.js';

/** What a forgery imitates. */
export type ForgeryKind = 'boundary' | 'nonce' | 'chat_token' | 'turn_marker';

/** One forgery, located in the original text, with the visible text that defuses it. */
export interface Forgery {
  readonly kind: ForgeryKind;
  /** The original UTF-16 range to replace. */
  readonly start: number;
  readonly end: number;
  /** The defused form that replaces the range. */
  readonly replacement: string;
  /** For a listed chat-template token: the first family that lists it. */
  readonly family?: ChatTemplateFamily;
}

/**
 * Defused text is bracketed by U+27E6 and U+27E7 (mathematical white square brackets): visible, readable, not
 * decomposed by NFKC, not mapped by UTS #39, and not part of any chat template, so `⟦im_start⟧` tells a person
 * what was there while no tokenizer or reader can take it for the token.
 */
export const DEFUSED_OPEN = '⟦';
/** The closing bracket of a defused token (see {@link DEFUSED_OPEN}). */
export const DEFUSED_CLOSE = '⟧';

interface TokenInfo {
  readonly label: string;
  readonly family: ChatTemplateFamily;
}

interface Matcher {
  readonly pattern: RegExp;
  readonly tokens: ReadonlyMap<string, TokenInfo>;
  readonly words: ReadonlyMap<string, string>;
}

let matcher: Matcher | undefined;

/**
 * Most spaces, line breaks and decoration characters allowed in the gaps of a pattern (`< / untrusted`,
 * `> ## System :`). Bounded so matching stays linear on long runs of white space; wider gaps no longer read as
 * one token, and the nonce is defused on its own wherever it is.
 */
const GAP = 32;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function buildMatcher(): Matcher {
  const tokens = new Map<string, TokenInfo>();
  for (const [family, list] of Object.entries(CHAT_TEMPLATE_TOKENS) as [
    ChatTemplateFamily,
    readonly string[],
  ][]) {
    for (const token of list) {
      const folded = foldPlain(token);
      if (!tokens.has(folded)) tokens.set(folded, { label: tokenLabel(token), family });
    }
  }
  const words = new Map<string, string>();
  for (const word of [...TURN_ROLES, ...HEADER_SECTIONS]) words.set(foldPlain(word), word);
  const alternatives = (list: readonly string[]): string =>
    list.map((word) => escapeRegExp(foldPlain(word))).join('|');
  const byLength = [...tokens.keys()].sort((a, b) => b.length - a.length);
  const { open, close, maxNameLength } = BAR_TOKEN_DELIMITERS;
  const source = [
    `(?<boundary><[ \\n]{0,${GAP}}\\/?[ \\n]{0,${GAP}}${escapeRegExp(foldPlain(BOUNDARY_NAME))})`,
    `(?<token>${byLength.map(escapeRegExp).join('|')})`,
    `(?<bar>${escapeRegExp(foldPlain(open))}(?<barName>[\\s\\S]{0,${maxNameLength}}?)${escapeRegExp(foldPlain(close))})`,
    `(?<=^|\\n)(?<header>[ >*_\\n]{0,${GAP}}#[ >*_#\\n]{0,${GAP}}(?<headerWord>${alternatives([...TURN_ROLES, ...HEADER_SECTIONS])})[*_ \\n]{0,${GAP}}(?::|(?=\\n|$)))`,
    `(?<=^|\\n)(?<turn>[ >*_#]{0,${GAP}}(?<turnWord>${alternatives(TURN_ROLES)})[*_ \\n]{0,${GAP}}:)`,
  ].join('|');
  return { pattern: new RegExp(source, 'dg'), tokens, words };
}

/** The readable name of a listed token: its delimiters dropped, DeepSeek's `▁` shown as `_`. */
function tokenLabel(token: string): string {
  return token.replace(/[<>|｜[\]]/g, '').replaceAll('▁', '_');
}

/**
 * Every forgery in `text`, in order, non-overlapping. With a nonce, any occurrence of it (through the fold) is a
 * forgery too: content that guessed or replayed the boundary's nonce gets it defused.
 */
export function findForgeries(text: string, nonce?: string): readonly Forgery[] {
  matcher ??= buildMatcher();
  const folded = foldText(text);
  const forgeries: Forgery[] = [];
  const pattern = new RegExp(matcher.pattern);
  for (let match = pattern.exec(folded.text); match !== null; match = pattern.exec(folded.text)) {
    const forgery = classify(match, folded, text, matcher);
    if (forgery !== undefined) forgeries.push(forgery);
    else pattern.lastIndex = match.index + 1;
  }
  if (nonce !== undefined) forgeries.push(...findNonce(text, folded, nonce));
  return mergeOverlaps(forgeries);
}

/** The forgery a match stands for, or `undefined` when a bar-token match turns out to be between letters. */
function classify(
  match: RegExpExecArray,
  folded: FoldedText,
  text: string,
  { tokens, words }: Matcher,
): Forgery | undefined {
  const groups = match.groups ?? {};
  const at = (name: string): [number, number] => match.indices?.groups?.[name] ?? [match.index, match.index];
  const whole = originalRange(folded, match.index, match.index + match[0].length);
  if (groups.boundary !== undefined) {
    const label = groups.boundary.includes('/') ? `/${BOUNDARY_NAME}` : BOUNDARY_NAME;
    return { kind: 'boundary', ...whole, replacement: defused(label) };
  }
  const token = groups.token === undefined ? undefined : tokens.get(groups.token);
  if (token !== undefined)
    return { kind: 'chat_token', ...whole, replacement: defused(token.label), family: token.family };
  if (groups.bar !== undefined) {
    const [nameStart, nameEnd] = at('barName');
    const before = originalRange(folded, nameStart - 1, nameStart);
    const after = originalRange(folded, nameEnd, nameEnd + 1);
    if (!isBar(text, before) || !isBar(text, after)) return undefined;
    const name = text
      .slice(before.end, after.start)
      .replace(/[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/gu, '');
    return { kind: 'chat_token', ...whole, replacement: defused(name) };
  }
  const wordGroup = groups.headerWord === undefined ? 'turnWord' : 'headerWord';
  const [wordStart, wordEnd] = at(wordGroup);
  const word = words.get(groups[wordGroup] ?? '') ?? '';
  return { kind: 'turn_marker', ...originalRange(folded, wordStart, wordEnd), replacement: defused(word) };
}

/**
 * Whether the original text behind a bar-token delimiter is a bar rather than a letter. The fold sends `|`, `l`,
 * `I` and `1` to one letter, which is right for listed tokens but would make `<label>` a bar token; unlisted
 * names are defused only between real bars or their non-ASCII look-alikes (`｜ ǀ ∣ │`).
 */
function isBar(text: string, range: { start: number; end: number }): boolean {
  return !/^[A-Za-z0-9]$/.test(text.slice(range.start, range.end));
}

/**
 * Occurrences of the nonce: through the fold (disguised), and in the raw text ignoring case, since an encoded
 * form just before it (`&amp;#`) can swallow its first characters in the fold.
 */
function findNonce(text: string, folded: FoldedText, nonce: string): Forgery[] {
  const found: Forgery[] = [];
  const replacement = defused('nonce');
  const foldedNonce = foldPlain(nonce);
  for (let at = folded.text.indexOf(foldedNonce); at !== -1; at = folded.text.indexOf(foldedNonce, at + 1)) {
    found.push({ kind: 'nonce', ...originalRange(folded, at, at + foldedNonce.length), replacement });
  }
  const lower = text.toLowerCase();
  const raw = nonce.toLowerCase();
  for (let at = lower.indexOf(raw); at !== -1; at = lower.indexOf(raw, at + 1)) {
    found.push({ kind: 'nonce', start: at, end: at + raw.length, replacement });
  }
  return found;
}

function defused(label: string): string {
  return DEFUSED_OPEN + label + DEFUSED_CLOSE;
}

/** Sorts by start and merges ranges that overlap in the original (one encoded form can feed two matches). */
function mergeOverlaps(forgeries: Forgery[]): readonly Forgery[] {
  forgeries.sort((a, b) => a.start - b.start);
  const merged: Forgery[] = [];
  for (const forgery of forgeries) {
    const last = merged.at(-1);
    if (last !== undefined && forgery.start < last.end) {
      merged[merged.length - 1] = { ...last, end: Math.max(last.end, forgery.end) };
    } else {
      merged.push(forgery);
    }
  }
  return merged;
}
