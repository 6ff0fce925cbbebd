// UTS #39 confusable data (the unhomoglyph package's copy of confusables.txt) and the skeleton transform.
import { createRequire } from 'node:module';
import { isSpecial } from './special.js';

/** The confusables.txt version the installed unhomoglyph 1.0.6 data was generated from. */
export const CONFUSABLES_DATA_VERSION = '13.0.0';

let prototypes: ReadonlyMap<number, string> | undefined;

/**
 * Every mapping of the confusable data: source code point → prototype string. Loaded once, on first use.
 * A package whose data is not a map of single code points to strings is a broken installation: TypeError.
 */
export function confusablePrototypes(): ReadonlyMap<number, string> {
  prototypes ??= loadPrototypes();
  return prototypes;
}

/**
 * Reads the package's JSON data (102 KB), on the first question that needs it rather than at import: most
 * text never needs a skeleton, and loading the module graph stays cheap. No browser bundle carries this
 * module (the text purpose is Node-only), so Node's own loader reads it.
 */
function loadPrototypes(): ReadonlyMap<number, string> {
  const entries: unknown = createRequire(import.meta.url)('unhomoglyph/data.json');
  if (typeof entries !== 'object' || entries === null)
    throw new TypeError('unhomoglyph/data.json is not an object');
  const map = new Map<number, string>();
  const table = entries as Record<string, unknown>;
  // Keys and reads rather than Object.entries, and no string per entry: this runs in the first text scan.
  for (const source of Object.keys(table)) {
    const codePoint = source.codePointAt(0);
    const prototype = table[source];
    if (
      codePoint === undefined ||
      source.length !== (codePoint > 0xffff ? 2 : 1) ||
      typeof prototype !== 'string'
    ) {
      throw new TypeError('unhomoglyph/data.json holds an entry that is not code point → string');
    }
    map.set(codePoint, prototype);
  }
  return map;
}

/** The ASCII characters the confusable data maps to a prototype (a test checks this against the data). */
export const ASCII_WITH_PROTOTYPE = '"%01I`m|';

/**
 * True when a code point is unchanged by the skeleton: it has no confusable prototype and no canonical
 * decomposition. A word holding such a letter cannot pass for a word of another script. Computed on each
 * call (a map lookup and a normalization): scans ask it through their per-code-point cache (scan-facts.ts).
 */
export function staysItselfInSkeleton(codePoint: number): boolean {
  // ASCII decomposes to nothing, and the few with a prototype are listed: no need to load the data.
  if (codePoint < 0x80) return !ASCII_WITH_PROTOTYPE.includes(String.fromCharCode(codePoint));
  const character = String.fromCodePoint(codePoint);
  return !confusablePrototypes().has(codePoint) && character.normalize('NFD') === character;
}

/**
 * The UTS #39 skeleton of a string: NFD, default-ignorable (here: special) code points dropped, each code
 * point replaced by its prototype, NFD again. Two strings with equal skeletons are confusable.
 */
export function skeleton(text: string): string {
  const map = confusablePrototypes();
  let out = '';
  for (const character of text.normalize('NFD')) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (isSpecial(codePoint)) continue;
    out += map.get(codePoint) ?? character;
  }
  return out.normalize('NFD');
}
