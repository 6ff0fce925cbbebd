// A session's bounded memory of recent untrusted tool output, to spot its text reappearing in call arguments.
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { formatPointer, redactPointer } from '../vocabulary/pointer.js';
import { purposesWith, type PurposeKind } from '../vocabulary/purpose-kinds.js';
import { copyForms, stripInvisibles } from '../taint/copy-forms.js';
import { argumentEntities, rememberedEntities } from '../taint/entities.js';
import { forEachString } from './json-strings.js';

/** Bounds and thresholds of an output memory. */
export interface OutputMemoryOptions {
  /** Most characters remembered (after folding); the oldest outputs are forgotten first. Default 65,536. */
  readonly maxChars?: number;
  /** Shortest shared run of characters that counts as copied text. Default 12. */
  readonly minSubstringLength?: number;
  /** Shortest whole word (an address, a URL, a token) that counts as copied when equal. Default 8. */
  readonly minExactLength?: number;
  /** Purposes whose strings are remembered from outcomes (a string with no purpose counts as text). */
  readonly purposes?: readonly PurposeKind[];
}

/** What a session remembers of untrusted output, and the question it answers. */
export interface OutputMemory {
  /** Remembers every string inside a value (an `Untrusted<T>`, tool output, a text block). */
  remember(value: unknown): void;
  /** Remembers the prose of an accepted outcome: strings whose purpose is listed (text, url, html by default). */
  rememberOutcome(outcome: ToolOutcome<unknown>): void;
  /** Redacted pointers of the argument strings that repeat remembered output. */
  matches(args: unknown): readonly string[];
  /** Characters currently remembered. */
  readonly size: number;
}

interface Entry {
  readonly chars: number;
  readonly windows: readonly number[];
  readonly words: readonly string[];
  readonly entities: readonly string[];
}

const DEFAULT_PURPOSES: readonly PurposeKind[] = purposesWith('remembered');
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
/** White space that is not already one plain space: replacing only these keeps folding prose cheap. */
const WHITE_SPACE_RUN = /\s{2,}|[^\S ]/gu;

/** Case, compatibility forms, invisible characters and runs of white space do not hide a copy. */
function fold(text: string): string {
  return stripInvisibles(text.normalize('NFKC')).toLowerCase().replace(WHITE_SPACE_RUN, ' ').trim();
}

/** Odd multipliers of the two rolling hashes. */
const BASE_A = 0x01000193;
const BASE_B = 0x5bd1e995;

/** `base` to the power `exponent`, modulo 2^32. */
function power(base: number, exponent: number): number {
  let result = 1;
  for (let k = 0; k < exponent; k++) result = Math.imul(result, base) >>> 0;
  return result;
}

/**
 * Visits a 53-bit key for each run of `length` UTF-16 code units, stopping when `visit` returns true: two
 * polynomial rolling hashes modulo 2^32 with different multipliers, so the cost is linear in the text whatever
 * the run length, and a false match (which only turns a call into `ask`) is vanishingly rare.
 */
function someWindow(text: string, length: number, visit: (key: number) => boolean): boolean {
  const dropA = power(BASE_A, length - 1);
  const dropB = power(BASE_B, length - 1);
  let a = 0;
  let b = 0;
  for (let index = 0; index < text.length; index++) {
    if (index >= length) {
      const leaving = text.charCodeAt(index - length);
      a = (a - Math.imul(leaving, dropA)) >>> 0;
      b = (b - Math.imul(leaving, dropB)) >>> 0;
    }
    const unit = text.charCodeAt(index);
    a = (Math.imul(a, BASE_A) + unit) >>> 0;
    b = (Math.imul(b, BASE_B) + unit) >>> 0;
    if (index >= length - 1 && visit(a * 0x200000 + (b >>> 11))) return true;
  }
  return false;
}

function windowKeys(text: string, length: number): number[] {
  const keys: number[] = [];
  someWindow(text, length, (key) => {
    keys.push(key);
    return false;
  });
  return keys;
}

function words(text: string, minLength: number): string[] {
  const found = text
    .split(' ')
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => word.length >= minLength);
  if (text.length >= minLength) found.push(text);
  return found;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 1) throw new TypeError(`${name} must be a positive integer.`);
  return chosen;
}

/**
 * Creates a memory. Remembered text is folded (NFKC, lower case, invisibles dropped, white space collapsed); an
 * argument string matches when, in any of its copy forms (as written, percent-decoded, base64-decoded: at most
 * four, each no longer than the string), it shares a run of `minSubstringLength` characters with remembered
 * text; or it, or one of its words, equals a remembered word or string of at least `minExactLength` characters;
 * or it, or an address, URL or host name in it, equals an entity of remembered text (an address, URL, host
 * name or number, also with `(at)`/`dot` disguises undone), whatever its length. Checking a string costs time
 * linear in its length (at most four forms, each hashed once). Bounded by `maxChars`, oldest first; an output
 * longer than the bound is remembered up to the bound. Bad options throw a TypeError.
 */
export function createOutputMemory(options: OutputMemoryOptions = {}): OutputMemory {
  const maxChars = positiveInteger(options.maxChars, 65_536, 'maxChars');
  const runLength = positiveInteger(options.minSubstringLength, 12, 'minSubstringLength');
  const wordLength = positiveInteger(options.minExactLength, 8, 'minExactLength');
  const purposes = Object.freeze([...(options.purposes ?? DEFAULT_PURPOSES)]);
  const entries: Entry[] = [];
  const windowCounts = new Map<number, number>();
  const wordCounts = new Map<string, number>();
  const entityCounts = new Map<string, number>();
  let size = 0;

  const count = <K>(map: Map<K, number>, key: K, delta: number): void => {
    const next = (map.get(key) ?? 0) + delta;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  const add = (text: string): void => {
    const folded = fold(text).slice(0, maxChars);
    if (folded.length === 0) return;
    for (
      let oldest = entries[0];
      oldest !== undefined && size + folded.length > maxChars;
      oldest = entries[0]
    ) {
      entries.shift();
      size -= oldest.chars;
      for (const key of oldest.windows) count(windowCounts, key, -1);
      for (const word of oldest.words) count(wordCounts, word, -1);
      for (const entity of oldest.entities) count(entityCounts, entity, -1);
    }
    const entry: Entry = {
      chars: folded.length,
      windows: windowKeys(folded, runLength),
      words: words(folded, wordLength),
      entities: rememberedEntities(folded),
    };
    entries.push(entry);
    size += entry.chars;
    for (const key of entry.windows) count(windowCounts, key, 1);
    for (const word of entry.words) count(wordCounts, word, 1);
    for (const entity of entry.entities) count(entityCounts, entity, 1);
  };
  const repeats = (text: string): boolean =>
    copyForms(text).some((form) => {
      const folded = fold(form);
      if (words(folded, wordLength).some((word) => wordCounts.has(word))) return true;
      if (argumentEntities(folded).some((entity) => entityCounts.has(entity))) return true;
      return someWindow(folded, runLength, (key) => windowCounts.has(key));
    });

  return Object.freeze({
    remember(value: unknown) {
      forEachString(value, add);
    },
    rememberOutcome(outcome: ToolOutcome<unknown>) {
      if (!outcome.ok) return;
      const kinds = outcome.meta.purposes;
      forEachString(outcome.data, (text, path) => {
        const kind: PurposeKind = kinds[formatPointer(path)] ?? 'text';
        if (purposes.includes(kind)) add(text);
      });
    },
    matches(args: unknown) {
      const found: string[] = [];
      forEachString(args, (text, path) => {
        if (repeats(text)) found.push(redactPointer(path));
      });
      return Object.freeze(found);
    },
    get size() {
      return size;
    },
  });
}
