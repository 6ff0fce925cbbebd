// Short values a text instructs the assistant to use: ids, names and numbers inside the sentences of an instruction.
import { decodeBase64Run } from './copy-forms.js';
import { firstGroup } from './joined-pieces.js';
import { instructionSpans, prepareText, textPieces } from './instruction-signal.js';

/** Longest value taken; longer ones are matched as copied text instead. */
const MAX_VALUE = 64;

/** A sentence: dots, question and exclamation marks inside a token (an address, a host) do not end one. */
const SENTENCE = /(?:[^.!?\n]|[.!?](?=[^\s.!?]))+[.!?]*/g;

/** Verbs that open an imperative sentence, after an optional "please", "now", "then" and the like. */
const IMPERATIVE = new RegExp(
  '^(?:(?:please|kindly|now|then|also|and|first|next|finally|just|immediately)\\s+){0,3}(?:' +
    [
      'send|e-?mail|forward|mail|reply|respond|write|post|publish|upload|share|transfer|pay|wire|move',
      'delete|remove|drop|erase|cancel|create|add|invite|make|book|reserve|schedule|set|change|update|modify',
      'visit|open|navigate|go|click|call|run|execute|invoke|fetch|get|read|append|concatenate|copy|say|tell',
      'output|print|reveal|include|use|grant|give|approve|ignore|disregard|do',
    ].join('|') +
    ')\\b',
  'i',
);

/** A quoted value on one line; a single quote beside a letter or digit is an apostrophe, not a quote. */
const QUOTED =
  /(?<![\p{L}\p{N}])'([^'\n]{1,64})'(?![\p{L}\p{N}])|"([^"\n]{1,64})"|`([^`\n]{1,64})`|‘([^’\n]{1,64})’|“([^”\n]{1,64})”/gu;
/** A token of letters, digits and the marks ids, addresses and hosts hold. */
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}_.@:/+#-]*/gu;
/** A run of capitalised words (a name). */
const CAPITALISED_RUN = /\p{Lu}[\p{L}\p{N}'’-]*(?: \p{Lu}[\p{L}\p{N}'’-]*)*/gu;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
/** A run that may be base64: a short value written encoded (`'MTM='` for `13`) is decoded as well. */
const BASE64_TOKEN = /[A-Za-z0-9+/_-]{2,}={0,2}/g;
/** Fewest base64 characters decoded inside an instruction (two carry one byte). */
const MIN_INSTRUCTED_BASE64 = 2;

/** The value as it is compared: compatibility forms folded, lower case, edge punctuation dropped. */
export function foldValue(value: string): string {
  return value.normalize('NFKC').toLowerCase().trim().replace(EDGE_PUNCTUATION, '');
}

/** A value of two to {@link MAX_VALUE} characters, or a single digit (an id such as `5`). */
function worthTaking(folded: string): boolean {
  return folded.length <= MAX_VALUE && (folded.length >= 2 || /^\d$/.test(folded));
}

function overlaps(start: number, end: number, spans: readonly (readonly [number, number])[]): boolean {
  return spans.some(([from, to]) => from < end && to > start);
}

/**
 * The candidate values of one sentence: quoted values, tokens holding a digit, `@` or a dot, and names (runs of
 * capitalised words; a word that opens the sentence or a clause after a colon is left out unless `opening`).
 */
function candidates(sentence: string, into: Set<string>, opening = false): void {
  const add = (value: string): void => {
    const folded = foldValue(value);
    if (worthTaking(folded)) into.add(folded);
    for (const run of value.match(BASE64_TOKEN) ?? []) {
      const decoded = decodeBase64Run(run, MIN_INSTRUCTED_BASE64);
      const plain = decoded === undefined ? '' : foldValue(decoded);
      if (worthTaking(plain)) into.add(plain);
    }
  };
  for (const match of sentence.matchAll(QUOTED)) add(firstGroup(match));
  for (const match of sentence.matchAll(TOKEN)) if (/[\d@]|\.\p{L}/u.test(match[0])) add(match[0]);
  for (const match of sentence.matchAll(CAPITALISED_RUN)) {
    // A capital that opens the sentence, or a clause after a colon, is no sign of a name.
    if (!opening && /(?:^|[:;]\s*)$/.test(sentence.slice(0, match.index))) continue;
    add(match[0]);
    for (const word of match[0].split(' ')) add(word);
  }
}

/**
 * The short values a text instructs the assistant to use, folded ({@link foldValue}): in a text that carries
 * the instruction signal, every sentence that holds a cue or opens with an imperative verb gives its quoted
 * values, its tokens holding a digit, an `@` or a dot, and its capitalised names (not the sentence's first
 * word). A text without the signal gives none: the same id in a listing is data, not an instruction. A JSON
 * document is read string by string. Linear in the text.
 */
export function instructedValues(text: string): readonly string[] {
  const values = new Set<string>();
  for (const piece of textPieces(text)) {
    const prepared = prepareText(piece);
    const { spans } = instructionSpans(prepared);
    if (spans.length === 0) continue;
    for (const match of prepared.matchAll(SENTENCE)) {
      const sentence = match[0].trim();
      const start = match.index;
      if (overlaps(start, start + match[0].length, spans) || IMPERATIVE.test(sentence))
        candidates(sentence, values);
    }
  }
  return [...values];
}

/**
 * Every value a trusted text (the user's request) states: the candidates of every sentence, opening words
 * included, and every token. An instructed value the user stated too is the user's.
 */
export function statedValues(text: string): readonly string[] {
  const values = new Set<string>();
  const prepared = prepareText(text);
  for (const match of prepared.matchAll(SENTENCE)) candidates(match[0].trim(), values, true);
  for (const token of prepared.match(TOKEN) ?? []) {
    const folded = foldValue(token);
    if (worthTaking(folded)) values.add(folded);
  }
  return [...values];
}
