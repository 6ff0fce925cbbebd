// UTS #39 §5.2 restriction levels: how far the scripts mixed in one word go beyond what real text does.
import { isCoveredBy } from './script-coverage.js';

/** A word's restriction level, from strictest to loosest (ASCII-only words never get here). */
export type RestrictionLevel =
  'single_script' | 'highly_restrictive' | 'moderately_restrictive' | 'minimally_restrictive';

/** Han with the scripts it is written beside in one word: Japanese, Korean, and Chinese with Bopomofo. */
const HAN_WRITING_SYSTEMS: readonly (readonly string[])[] = Object.freeze([
  Object.freeze(['Han', 'Hiragana', 'Katakana']),
  Object.freeze(['Han', 'Hangul']),
  Object.freeze(['Han', 'Bopomofo']),
]);

/** The same, each with Latin: the Highly Restrictive combinations. */
const LATIN_WITH_HAN_WRITING_SYSTEMS: readonly (readonly string[])[] = Object.freeze(
  HAN_WRITING_SYSTEMS.map((system) => Object.freeze(['Latin', ...system])),
);

/** UTS #31 Table 5 Recommended Scripts: those in everyday modern use. */
const RECOMMENDED_SCRIPTS: ReadonlySet<string> = new Set([
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
]);

/** Scripts whose letters pass for Latin ones: a word may never mix them with Latin (Moderately Restrictive). */
const LATIN_LOOKALIKE_SCRIPTS: ReadonlySet<string> = new Set(['Cyrillic', 'Greek']);

/**
 * The restriction level of `word`, whose characters have the Script values `scripts` (Common and Inherited
 * left out). Coverage uses Script_Extensions, so an Arabic digit in a Thaana word is single-script.
 * - single script: one script (augmented: Han+Hiragana+Katakana, Han+Hangul and Han+Bopomofo count as one);
 * - highly restrictive: Latin plus one of those Han writing systems ("iPhoneを", "用Python");
 * - moderately restrictive: Latin plus one other Recommended script except Cyrillic and Greek;
 * - minimally restrictive: anything else ("pаypal" with a Cyrillic а, a Greek ο in a Latin word).
 */
export function restrictionLevel(word: string, scripts: readonly string[]): RestrictionLevel {
  if (scripts.length <= 1) return 'single_script';
  for (const system of HAN_WRITING_SYSTEMS) if (isCoveredBy(word, system)) return 'single_script';
  for (const script of scripts) if (isCoveredBy(word, [script])) return 'single_script';
  for (const system of LATIN_WITH_HAN_WRITING_SYSTEMS)
    if (isCoveredBy(word, system)) return 'highly_restrictive';
  for (const script of scripts) {
    if (script === 'Latin' || !RECOMMENDED_SCRIPTS.has(script) || LATIN_LOOKALIKE_SCRIPTS.has(script))
      continue;
    if (isCoveredBy(word, ['Latin', script])) return 'moderately_restrictive';
  }
  return 'minimally_restrictive';
}
