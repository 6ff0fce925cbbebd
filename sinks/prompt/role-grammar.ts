// The role-line and generalised chat-token grammars: pattern sources over folded text, and what a match names.
import { CHAT_TEMPLATE_TOKENS } from './chat-tokens.js';
import type { ChatTemplateFamily } from './chat-tokens.js';
import { foldPlain, originalRange } from './fold.js';
import type { FoldedText } from './fold.js';
import { LINE_MARKS, ROLE_CLOSERS, ROLE_QUALIFIERS, ROLE_TAGS, ROLE_WORDS } from './roles.js';

/** What a generalised token or a role phrase stands for: its readable label and, for a listed token, its family. */
export interface NamedForm {
  readonly label: string;
  readonly family?: ChatTemplateFamily;
}

/** A grammar match located in the original text: what it imitates and the readable label to defuse it with. */
export interface GrammarMatch extends NamedForm {
  readonly kind: 'chat_token' | 'turn_marker';
  readonly start: number;
  readonly end: number;
}

/** The pattern sources of the grammars (named groups are read by `detect`). */
export interface GrammarSources {
  /** A speaker name opening a line, after list, quote, heading or emphasis marks, then a colon. */
  readonly roleLine: string;
  /** A bracketed speaker name opening a line (`[system](#instructions)`), with no colon needed. */
  readonly roleTag: string;
  /** A barless angle token (`<start_of_turn>`, `<<SYS>>`, `</system>`) with spaces and look-alike bars allowed. */
  readonly angle: string;
  /** A square token (`[INST]`, `[/SYSTEM_PROMPT]`) with spaces allowed inside the brackets. */
  readonly square: string;
}

/** Escapes a literal for a pattern. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Joins the words of a name: `start_of_turn`, `start of turn`, `start-of-turn` and `startofturn` are one name. */
const WORD_JOIN = '[ _\\-▁]{0,2}';
/** Spaces allowed inside a token's delimiters (`[ INST ]`, `< start_of_turn >`). */
const TOKEN_GAP = ' {0,8}';
/** Most list, quote, heading and emphasis marks before a speaker name. */
const MAX_PREFIX_ITEMS = 16;
/** A numbered or lettered list marker: `1.`, `2)`, `(a)`, `iv.` (digits fold to letters too, `1` to `l`). */
const LIST_NUMBER = '\\(?[a-z0-9]{1,3}[.)]';
/** Characters dropped when a folded name is looked up: word joiners and letter spacing. */
const NAME_SEPARATORS = /[ ._\-▁]/g;

/** A folded name reduced to what identifies it: its letters and digits. */
const collapse = (folded: string): string => folded.replace(NAME_SEPARATORS, '');

/** The grammars' sources and, by collapsed folded name, what each speaker phrase and token name stands for. */
interface Grammar {
  readonly sources: GrammarSources;
  readonly names: Readonly<Record<'phrase' | 'angle' | 'square', ReadonlyMap<string, NamedForm>>>;
}

let grammar: Grammar | undefined;

/** A character class holding the folded form of every listed character. */
function foldedClass(chars: readonly string[]): string {
  const folded = new Set<string>();
  for (const char of chars) for (const part of foldPlain(char)) folded.add(part);
  return `[${[...folded].map((char) => char.replace(/[\\\]^[-]/g, '\\$&')).join('')}]`;
}

/** An alternation of folded names, longest first, with flexible word joins. */
function nameAlternation(names: Iterable<string>): string {
  const folded = [...new Set([...names].map(foldPlain))].sort((a, b) => b.length - a.length);
  return folded
    .map((name) =>
      name
        .split(/[_▁ -]/)
        .map(escapeRegExp)
        .join(WORD_JOIN),
    )
    .join('|');
}

/** The listed tokens of one delimiter shape, by collapsed folded name, each with its first family. */
function listedNames(shape: RegExp): Map<string, NamedForm> {
  const names = new Map<string, NamedForm>();
  for (const [family, tokens] of Object.entries(CHAT_TEMPLATE_TOKENS) as [
    ChatTemplateFamily,
    readonly string[],
  ][]) {
    for (const token of tokens) {
      const label = token.replace(/[<>|｜[\]/]/g, '').replaceAll('▁', '_');
      // A one-letter name (`<s>`) is too common in markup to match beyond its exact listed spelling.
      if (!shape.test(token) || label.length < 2) continue;
      const key = collapse(foldPlain(label));
      if (!names.has(key)) names.set(key, { label, family });
    }
  }
  return names;
}

function buildGrammar(): Grammar {
  const phrases = new Map<string, NamedForm>();
  for (const role of ROLE_WORDS) {
    phrases.set(collapse(foldPlain(role)), { label: role });
    for (const qualifier of ROLE_QUALIFIERS)
      phrases.set(collapse(foldPlain(role + qualifier)), { label: `${role} ${qualifier}` });
  }
  const angleNames = listedNames(/^<<?\/?[^<|｜]/);
  for (const role of ROLE_TAGS) angleNames.set(collapse(foldPlain(role)), { label: role.toLowerCase() });
  const squareNames = listedNames(/^\[/);
  const phrase = `(?:${nameAlternation(ROLE_WORDS)})(?:[ _\\-]{0,2}(?:${nameAlternation(ROLE_QUALIFIERS)}))?`;
  const spaced = '[a-z]{1,2}(?<roleJoin>[ ._\\-])[a-z]{1,2}(?:\\k<roleJoin>[a-z]{1,2}){0,40}';
  const prefix = `(?:${foldedClass(LINE_MARKS)}|${LIST_NUMBER}){0,${MAX_PREFIX_ITEMS}}`;
  const sources: GrammarSources = {
    roleLine: `(?<=^|\\n)(?<roleLine>${prefix}(?<roleName>${phrase}|${spaced})${foldedClass(ROLE_CLOSERS)}{0,32}:)`,
    roleTag: `(?<=^|\\n)(?<roleTag>${prefix}\\[${TOKEN_GAP}(?<roleTagName>${phrase})${TOKEN_GAP}\\])`,
    angle:
      `(?<angle><{1,2}${TOKEN_GAP}(?:(?<angleBarOpen>l)${TOKEN_GAP})?(?<angleSlash>\\/${TOKEN_GAP})?` +
      `(?<angleName>${nameAlternation([...angleNames.values()].map((form) => form.label))})` +
      `(?: [^<>\\n]{0,64}?)?${TOKEN_GAP}\\/?${TOKEN_GAP}(?:(?<angleBarClose>l)${TOKEN_GAP})?>{1,2})`,
    square:
      `(?<square>\\[${TOKEN_GAP}(?<squareSlash>\\/${TOKEN_GAP})?` +
      `(?<squareName>${nameAlternation([...squareNames.values()].map((form) => form.label))})${TOKEN_GAP}\\])`,
  };
  return { sources, names: { phrase: phrases, angle: angleNames, square: squareNames } };
}

function built(): Grammar {
  grammar ??= buildGrammar();
  return grammar;
}

/** The grammars' pattern sources, built once from the vocabulary. */
export function grammarSources(): GrammarSources {
  return built().sources;
}

/**
 * Whether the original text behind a bar-token delimiter is a bar rather than a letter. The fold sends `|`, `l`,
 * `I` and `1` to one letter, which is right for listed tokens but would make `<label>` a bar token; unlisted
 * names are defused only between real bars or their non-ASCII look-alikes (`｜ ǀ ∣ │ ¦`).
 */
export function isBar(text: string, range: { start: number; end: number }): boolean {
  return !/^[A-Za-z0-9]$/.test(text.slice(range.start, range.end));
}

/**
 * What a match of one of the grammars stands for: a generalised token (the whole match) or a speaker name
 * opening a line (the name alone: `1. ⟦System⟧: …` keeps its marks and colon). `undefined` when the name is not
 * one the grammar lists or a look-alike bar is really a letter (`<lsystem>`).
 */
export function classifyGrammar(
  match: RegExpExecArray,
  folded: FoldedText,
  text: string,
): GrammarMatch | undefined {
  const groups: Record<string, string | undefined> = match.groups ?? {};
  const spans = match.indices?.groups ?? {};
  if (groups.angle === undefined && groups.square === undefined) {
    const group = groups.roleLine === undefined ? 'roleTagName' : 'roleName';
    const phrase = rolePhrase(groups[group] ?? '');
    const span = spans[group];
    if (phrase === undefined || span === undefined) return undefined;
    return { kind: 'turn_marker', ...originalRange(folded, span[0], span[1]), ...phrase };
  }
  const shape = groups.angle === undefined ? 'square' : 'angle';
  const named = tokenName(groups[`${shape}Name`] ?? '', shape);
  if (named === undefined) return undefined;
  for (const bar of [spans.angleBarOpen, spans.angleBarClose]) {
    if (bar !== undefined && !isBar(text, originalRange(folded, bar[0], bar[1]))) return undefined;
  }
  const slash = groups[`${shape}Slash`] === undefined ? '' : '/';
  const whole = originalRange(folded, match.index, match.index + match[0].length);
  return { kind: 'chat_token', ...whole, ...named, label: slash + named.label };
}

/** The speaker phrase a folded role-line match names (`System`, `System message`), or undefined when none. */
function rolePhrase(folded: string): NamedForm | undefined {
  return built().names.phrase.get(collapse(folded));
}

/** The token a folded generalised-token name stands for, or undefined when the name is not listed. */
function tokenName(folded: string, shape: 'angle' | 'square'): NamedForm | undefined {
  return built().names[shape].get(collapse(folded));
}
