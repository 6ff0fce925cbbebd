// Script_Extensions coverage of a word (UTS #39 §5.1) from V8's Unicode tables, compiled once per script set.
import { CodePointMemo } from './code-point-memo.js';

const coverage = new Map<string, RegExp>();
const NOTHING = /^(?!)/;

/**
 * True when every code point of `word` has one of `scripts` in its Script_Extensions, or has Common or
 * Inherited there (those belong to every script). V8's data is newer than unicode-properties'; a script name
 * V8 does not know covers nothing. At most one pattern per distinct script set is compiled and kept.
 */
export function isCoveredBy(word: string, scripts: readonly string[]): boolean {
  const key = scripts.join(' ');
  let pattern = coverage.get(key);
  if (pattern === undefined) {
    pattern = compileCoverage(scripts);
    coverage.set(key, pattern);
  }
  return pattern.test(word);
}

function compileCoverage(scripts: readonly string[]): RegExp {
  const parts = scripts.map((script) => `\\p{Script_Extensions=${script}}`).join('');
  try {
    return new RegExp(`^[${parts}\\p{Script_Extensions=Common}\\p{Script_Extensions=Inherited}]*$`, 'u');
  } catch {
    return NOTHING;
  }
}

const SHARED_BY_ALL = /^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u;
/** Answers remembered per code point: word scans ask per character. */
const sharedByAll = new CodePointMemo((codePoint) => SHARED_BY_ALL.test(String.fromCodePoint(codePoint)));

/**
 * True when a Common or Inherited character is shared by every script (its Script_Extensions is Common or
 * Inherited too), such as 𝐚 or µ; false for one used by particular scripts only, such as the Japanese
 * prolonged sound mark ー (Hiragana, Katakana).
 */
export function isSharedByAllScripts(codePoint: number): boolean {
  return sharedByAll.has(codePoint);
}
