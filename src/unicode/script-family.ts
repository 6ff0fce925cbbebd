// Script families (the CJK scripts count as one) and which family a text is mostly written in.
import { scriptNameOf } from './properties.js';

/** Scripts written together as one writing system (Japanese, Korean, Chinese): one family for look-alikes. */
const CJK_SCRIPTS: ReadonlySet<string> = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);

const HAN = 'Han';

/** The family of each script id, filled in as ids are asked. */
const familiesById: string[] = [];

/** The script itself, or `Han` for any script of the CJK writing systems. */
export function familyOf(script: string): string {
  return CJK_SCRIPTS.has(script) ? HAN : script;
}

/** {@link familyOf} a script id. */
export function familyOfScriptId(id: number): string {
  let family = familiesById[id];
  if (family === undefined) {
    family = familyOf(scriptNameOf(id));
    familiesById[id] = family;
  }
  return family;
}

/**
 * The script family with the most letters, given letters per script id. A tie goes to the family of the
 * lowest script id, and ids follow code point order across the Basic Multilingual Plane (Latin before Greek
 * before Cyrillic…).
 */
export function dominantFamily(scriptLetters: readonly number[]): string | undefined {
  // Every family is one script except Han, which gathers the CJK scripts: sum those first.
  let hanLetters = 0;
  let firstHanId = -1;
  for (let id = 0; id < scriptLetters.length; id++) {
    const letters = scriptLetters[id];
    if (letters === undefined || familyOfScriptId(id) !== HAN) continue;
    hanLetters += letters;
    if (firstHanId < 0) firstHanId = id;
  }
  let best: string | undefined;
  let bestCount = 0;
  for (let id = 0; id < scriptLetters.length; id++) {
    if (scriptLetters[id] === undefined) continue;
    const family = familyOfScriptId(id);
    const letters = family !== HAN ? (scriptLetters[id] ?? 0) : id === firstHanId ? hanLetters : 0;
    if (letters > bestCount) {
      best = family;
      bestCount = letters;
    }
  }
  return best;
}
