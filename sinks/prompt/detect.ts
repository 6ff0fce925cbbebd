// Finds forged boundaries, guessed nonces, chat-template tokens and turn markers in text, through the fold.
import { BOUNDARY_NAME } from './boundary.js';
import { BAR_TOKEN_DELIMITERS, CHAT_TEMPLATE_TOKENS, HEADER_SECTIONS, TURN_ROLES } from './chat-tokens.js';
import type { ChatTemplateFamily } from './chat-tokens.js';
import { foldPlain, foldText, originalRange } from './fold.js';
import type { FoldedText } from './fold.js';
import { classifyGrammar, escapeRegExp, grammarSources, isBar } from './role-grammar.js';

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
  /** By alternative name: the alternatives after it, sticky, to try where a match of it was refused. */
  readonly tails: ReadonlyMap<string, RegExp>;
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

/** Spaces allowed between a bar token's angle brackets and its bars (`< |im_start| >`). */
const BAR_GAP = ' {0,8}';

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
  const grammar = grammarSources();
  const sources = [
    `(?<boundary><[ \\n]{0,${GAP}}\\/?[ \\n]{0,${GAP}}${escapeRegExp(foldPlain(BOUNDARY_NAME))})`,
    `(?<token>${byLength.map(escapeRegExp).join('|')})`,
    barSource(),
    grammar.angle,
    grammar.square,
    `(?<=^|\\n)(?<header>[ >*_\\n]{0,${GAP}}#[ >*_#\\n]{0,${GAP}}(?<headerWord>${alternatives([...TURN_ROLES, ...HEADER_SECTIONS])})[*_ \\n]{0,${GAP}}(?::|(?=\\n|$)))`,
    grammar.roleLine,
    grammar.roleTag,
  ];
  const tails = new Map<string, RegExp>();
  sources.forEach((source, index) => {
    const name = /^(?:\(\?<=[^)]*\))?\(\?<(\w+)>/.exec(source)?.[1] ?? '';
    if (index + 1 < sources.length) tails.set(name, new RegExp(sources.slice(index + 1).join('|'), 'dy'));
  });
  return { pattern: new RegExp(sources.join('|'), 'dg'), tails, tokens, words };
}

/**
 * The bar-token shape `<|name|>`, spaces allowed between each angle bracket and its bar. A name of up to
 * `maxNameLength` characters may hold anything; a longer one anything but `<`, `>` and a line break, which keeps
 * the scan linear (no start can scan past the next `<`).
 */
function barSource(): string {
  const { open, close, maxNameLength } = BAR_TOKEN_DELIMITERS;
  const part = (text: string): string => escapeRegExp(foldPlain(text));
  return (
    `(?<bar>${part(open.slice(0, 1))}${BAR_GAP}${part(open.slice(1))}` +
    `(?<barName>[\\s\\S]{0,${maxNameLength}}?|[^<>\\n]{${maxNameLength + 1},})` +
    `${part(close.slice(0, -1))}${BAR_GAP}${part(close.slice(-1))})`
  );
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
    const found = firstForgeryAt(match, folded, text, matcher);
    if (found !== undefined) forgeries.push(found.forgery);
    pattern.lastIndex = found?.end ?? match.index + 1;
  }
  if (nonce !== undefined) forgeries.push(...findNonce(text, folded, nonce));
  return mergeOverlaps(forgeries);
}

/**
 * The forgery at a match's position: the match itself, or where it is refused (a bar that is really a letter,
 * a name the grammar does not list), the first later alternative that matches there and is not refused.
 */
function firstForgeryAt(
  first: RegExpExecArray,
  folded: FoldedText,
  text: string,
  state: Matcher,
): { forgery: Forgery; end: number } | undefined {
  for (let match: RegExpExecArray | null = first; match !== null;) {
    const forgery = classify(match, folded, text, state);
    if (forgery !== undefined) return { forgery, end: match.index + match[0].length };
    const groups: Record<string, string | undefined> = match.groups ?? {};
    const tail: string | undefined = [...state.tails.keys()].find((name) => groups[name] !== undefined);
    const next: RegExp | undefined = tail === undefined ? undefined : state.tails.get(tail);
    if (next === undefined) return undefined;
    next.lastIndex = first.index;
    match = next.exec(folded.text);
  }
  return undefined;
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
  if (groups.headerWord === undefined) {
    const found = classifyGrammar(match, folded, text);
    if (found === undefined) return undefined;
    const { label, ...rest } = found;
    return { ...rest, replacement: defused(label) };
  }
  const [wordStart, wordEnd] = at('headerWord');
  const word = words.get(groups.headerWord) ?? '';
  return { kind: 'turn_marker', ...originalRange(folded, wordStart, wordEnd), replacement: defused(word) };
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
