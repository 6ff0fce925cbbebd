// The confusable data Airlock ships (unhomoglyph) checked against Unicode's own confusables.txt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFUSABLES_DATA_VERSION, confusablePrototypes, skeleton } from '../../src/unicode/confusables.js';
import { corpusPath } from '../support/corpora.js';

const corpus = corpusPath('unicode/confusables');

/** Parses confusables.txt: `source ; target ; MA # comment` lines, code points in hex. */
function parseConfusables(text: string): { version: string; map: Map<number, string> } {
  const version = /^# Version: (\S+)/m.exec(text)?.[1] ?? 'unknown';
  const map = new Map<number, string>();
  for (const line of text.split('\n')) {
    const data = line.replace(/#.*/, '').trim();
    if (data === '') continue;
    const [source, target] = data.split(';').map((field) => field.trim());
    const target_ = (target ?? '').split(/\s+/).map((hex) => String.fromCodePoint(parseInt(hex, 16)));
    map.set(parseInt(source ?? '', 16), target_.join(''));
  }
  return { version, map };
}

describe.skipIf(corpus === undefined)('confusable data against the Unicode corpus', () => {
  // The describe body runs while tests are collected, even when skipped: read the corpus only when present.
  const { version, map: reference } =
    corpus === undefined
      ? { version: 'absent', map: new Map<number, string>() }
      : parseConfusables(readFileSync(join(corpus, 'confusables.txt'), 'utf8'));
  const shipped = confusablePrototypes();
  const same = [...shipped].filter(([source, target]) => reference.get(source) === target).length;
  const differing = [...shipped].filter(
    ([source, target]) => reference.has(source) && reference.get(source) !== target,
  );
  const missing = [...reference.keys()].filter((source) => !shipped.has(source));
  const invented = [...shipped.keys()].filter((source) => !reference.has(source));

  it(`reports the version difference (package data ${CONFUSABLES_DATA_VERSION}, corpus ${version})`, () => {
    console.info(
      `confusables: package ${CONFUSABLES_DATA_VERSION} has ${shipped.size} mappings; corpus ${version} has ` +
        `${reference.size}. Same ${same}, mapped differently ${differing.length}, only in the corpus ` +
        `${missing.length}, only in the package ${invented.length}.`,
    );
    expect(version).not.toBe('unknown');
    expect(reference.size).toBeGreaterThan(6000);
  });

  it('maps nothing the corpus does not list', () => {
    expect(invented).toEqual([]);
  });

  it('agrees with the corpus on at least 99% of its mappings', () => {
    expect(same / shipped.size).toBeGreaterThan(0.99);
    expect(differing.length).toBeLessThan(shipped.size * 0.01);
  });

  it('lacks at most the mappings added since its version (under 5% of the corpus)', () => {
    expect(missing.length / reference.size).toBeLessThan(0.05);
  });

  it('agrees on the look-alikes the text purpose relies on (Cyrillic, Greek, Cherokee, math letters)', () => {
    for (const codePoint of [
      0x0430, 0x0440, 0x0435, 0x043e, 0x0441, 0x03bf, 0x03b1, 0x13aa, 0x13f4, 0x1d429, 0x0455,
    ]) {
      expect(shipped.get(codePoint), `U+${codePoint.toString(16)}`).toBe(reference.get(codePoint));
    }
  });
});

describe('skeleton (UTS #39)', () => {
  it('makes confusable strings equal', () => {
    expect(skeleton('pаypal')).toBe(skeleton('paypal'));
    expect(skeleton('ѕсоре')).toBe(skeleton('scope'));
    expect(skeleton('𝐩𝐚𝐲')).toBe(skeleton('pay'));
  });

  it('keeps different strings apart and drops default-ignorable characters', () => {
    expect(skeleton('paypal')).not.toBe(skeleton('paypa'));
    expect(skeleton('pay\u200Bpal')).toBe(skeleton('paypal'));
  });
});
