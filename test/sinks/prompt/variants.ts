// Test helper: the dimensions generated prompt-sink variants are built from, and the check that each was neutralised.
import { expect } from 'vitest';
import { DEFUSED_OPEN, findForgeries } from '../../../sinks/prompt/detect.js';
import { neutralise } from '../../../sinks/prompt/neutralise.js';

/** One generated variant: the text, the surface spelling that must not survive, and the dimension values used. */
export interface Variant {
  readonly text: string;
  readonly surface: string;
  readonly dims: readonly string[];
}

/** A spelling change applied to a word. */
export type Spelling = (word: string) => string;

/** As written, upper case, lower case. */
export const CASINGS: readonly Spelling[] = [(w) => w, (w) => w.toUpperCase(), (w) => w.toLowerCase()];

const CYRILLIC: Readonly<Record<string, string>> = Object.assign(
  Object.create(null) as Record<string, string>,
  {
    a: 'а',
    e: 'е',
    o: 'о',
    c: 'с',
    p: 'р',
    y: 'у',
    i: 'і',
    s: 'ѕ',
    A: 'А',
    E: 'Е',
    O: 'О',
    C: 'С',
    P: 'Р',
    S: 'Ѕ',
    T: 'Т',
    M: 'М',
    H: 'Н',
  },
);

const shift = (char: string, from: number, to: number): string =>
  String.fromCodePoint(char.codePointAt(0)! - from + to);

/** Plain, Cyrillic look-alikes, fullwidth, mathematical bold capitals, zero-width spaces, soft hyphens. */
export const LOOKALIKES: readonly Spelling[] = [
  (w) => w,
  (w) =>
    Array.from(w)
      .map((c) => CYRILLIC[c] ?? c)
      .join(''),
  (w) =>
    Array.from(w)
      .map((c) => (/[A-Za-z]/.test(c) ? shift(c, 0, 0xfee0) : c))
      .join(''),
  (w) =>
    Array.from(w)
      .map((c) => (/[A-Z]/.test(c) ? shift(c, 65, 0x1d400) : c))
      .join(''),
  (w) => Array.from(w).join('\u200b'),
  (w) => Array.from(w).join('\u00ad'),
];

/** Picks one value of a dimension by a mixed index, so every value of every dimension is used. */
export const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

/**
 * Asserts a variant is neutralised: the text changed, holds a defused bracket, no longer holds the surface
 * spelling outside defused brackets, reports a finding, and leaves nothing for a second pass.
 */
export function expectNeutralised({ text, surface }: Variant): void {
  const { text: out, findings } = neutralise(text);
  expect(out, text).not.toBe(text);
  expect(out, text).toContain(DEFUSED_OPEN);
  expect(out.replace(/⟦[^⟧]*⟧/gu, ''), text).not.toContain(surface);
  expect(findings.length, text).toBeGreaterThan(0);
  expect(findForgeries(out), text).toEqual([]);
}
