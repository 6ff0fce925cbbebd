// The keys an output memory compares by: runs, words, entities and instructed values of text, in each of its forms.
import {
  argumentForms,
  decodeBase64Run,
  outputForms,
  stripInvisibles,
  type CopyForm,
} from '../taint/copy-forms.js';
import { argumentEntities, deobfuscate, isDate, rememberedEntities } from '../taint/entities.js';
import { foldValue, instructedValues, statedValues } from '../taint/instructed-values.js';
import { windowKeys } from './rolling-hash.js';

/** A key: a run's 53-bit hash, or a prefixed string (`w:` word, `i:` value, `e:`/`u:`/`h:`/`n:` entity). */
export type MemoryKey = number | string;

/** The keys of one form of a remembered text. */
export interface FormKeys {
  readonly form: CopyForm;
  readonly windows: readonly number[];
  readonly keys: readonly string[];
}

/** The keys of one remembered text and the characters they stand for. */
export interface TextKeys {
  readonly chars: number;
  readonly forms: readonly FormKeys[];
}

/** One form of an argument, with the keys it is looked up by (runs are looked up as the text is hashed). */
export interface ArgumentVariant {
  readonly form: CopyForm;
  readonly folded: string;
  readonly keys: readonly string[];
}

/** Run and word lengths. */
export interface KeyLengths {
  readonly run: number;
  readonly word: number;
}

const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
/** A whole argument that may be a short value in base64 (`MTM=` for `13`). */
const SHORT_BASE64 = /^[A-Za-z0-9+/_-]{2,11}={0,2}$/;
/** White space that is not already one plain space: replacing only these keeps folding prose cheap. */
const WHITE_SPACE_RUN = /\s{2,}|[^\S ]/gu;

/** Case, compatibility forms, invisible characters and runs of white space do not hide a copy. */
export function fold(text: string): string {
  return stripInvisibles(text.normalize('NFKC')).toLowerCase().replace(WHITE_SPACE_RUN, ' ').trim();
}

/**
 * The whole text and each of its space-separated words (edge punctuation dropped) of `minLength` or more,
 * dates left out (the same date stands in unrelated values too often to mean a copy).
 */
function words(text: string, minLength: number): string[] {
  const found = text
    .split(' ')
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => word.length >= minLength && !isDate(word));
  if (text.length >= minLength && !isDate(text)) found.push(text);
  return found;
}

function formKeys(form: CopyForm, folded: string, lengths: KeyLengths, extra: readonly string[]): FormKeys {
  return {
    form,
    windows: windowKeys(folded, lengths.run),
    keys: [
      ...words(folded, lengths.word).map((word) => `w:${word}`),
      ...rememberedEntities(folded),
      ...extra.map((value) => `i:${value}`),
    ],
  };
}

/**
 * The keys of untrusted output text, at most `budget` characters of it: in every form a model can read back out
 * of it (as written, character references, percent and base64 decoded, quoted pieces joined, `(at)`/`(dot)`
 * spellings undone), its runs, words and entities, and the short values it instructs the assistant to use.
 */
export function outputKeys(text: string, lengths: KeyLengths, budget: number): TextKeys {
  const forms: FormKeys[] = [];
  let chars = 0;
  for (const labelled of outputForms(text)) {
    const folded = fold(labelled.text).slice(0, budget - chars);
    if (folded.length === 0) continue;
    chars += folded.length;
    forms.push(formKeys(labelled.form, folded, lengths, instructedValues(labelled.text)));
    if (labelled.form !== 'verbatim') continue;
    const plain = deobfuscate(folded).slice(0, budget - chars);
    if (plain === folded || plain.length === 0) continue;
    chars += plain.length;
    forms.push(formKeys('at-dot', plain, lengths, []));
  }
  return { chars, forms };
}

/**
 * The keys of trusted text (what the user typed), at most `budget` characters: its runs, words and entities as
 * written, and every value it states (so a name or id the user typed is never taken for an instructed one).
 */
export function trustedKeys(text: string, lengths: KeyLengths, budget: number): TextKeys {
  const folded = fold(text).slice(0, budget);
  if (folded.length === 0) return { chars: 0, forms: [] };
  return { chars: folded.length, forms: [formKeys('verbatim', folded, lengths, statedValues(text))] };
}

/**
 * The forms of an argument string to look up, each with its word, entity and whole-value keys: as written
 * and with its disguises undone (percent, base64, both), each also with `(at)`/`(dot)` spellings undone; a
 * whole argument that is a short base64 run is looked up decoded as a value too (`MTM=` as `13`).
 */
export function argumentVariants(text: string, lengths: KeyLengths): readonly ArgumentVariant[] {
  const variants: ArgumentVariant[] = [];
  for (const labelled of argumentForms(text)) {
    const folded = fold(labelled.text);
    const plain = deobfuscate(folded);
    for (const [form, variant] of [
      [labelled.form, folded],
      ['at-dot', plain],
    ] as const) {
      if (form === 'at-dot' && variant === folded) continue;
      // Entities and words before the whole value: the evidence named is the most specific one.
      const keys = [
        ...argumentEntities(variant),
        ...words(variant, lengths.word).map((w) => `w:${w}`),
        `i:${foldValue(variant)}`,
      ];
      variants.push({ form, folded: variant, keys });
    }
  }
  const short = text.trim();
  const decoded = SHORT_BASE64.test(short) ? decodeBase64Run(short, 2) : undefined;
  if (decoded !== undefined)
    variants.push({ form: 'base64', folded: fold(decoded), keys: [`i:${foldValue(decoded)}`] });
  return variants;
}
