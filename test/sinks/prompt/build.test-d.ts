// Type-level tests: an Untrusted value cannot enter a trusted slot, and trusted text cannot enter the data slot.
import { describe, expectTypeOf, it } from 'vitest';
import { buildPrompt } from '../../../sinks/prompt/build.js';
import type { PromptSpec } from '../../../sinks/prompt/build.js';
import { wrapUntrusted } from '../../../sinks/prompt/wrap.js';
import { combine, concatUntrusted, derive, untrusted } from '../../../src/taint/untrusted.js';
import type { Untrusted } from '../../../src/taint/untrusted.js';

declare const title: Untrusted<string>;

describe('prompt slot types', () => {
  it('refuses untrusted values in system and instruction slots', () => {
    expectTypeOf(title).not.toExtend<string>();
    expectTypeOf<[Untrusted<string>]>().not.toExtend<PromptSpec['system']>();
    // @ts-expect-error an untrusted value is not trusted system text
    buildPrompt({ system: [title] });
    // @ts-expect-error an untrusted value is not a trusted instruction
    buildPrompt({ system: ['ok'], instructions: [title] });
    // @ts-expect-error a derived value stays untrusted
    buildPrompt({ system: [derive(title, (text) => text.slice(0, 10))] });
    // @ts-expect-error a concatenation with trusted text stays untrusted
    buildPrompt({ system: [concatUntrusted(['Title: ', title])] });
  });

  it('refuses trusted strings and look-alike objects in the data slot', () => {
    // @ts-expect-error the data slot takes untrusted values only
    buildPrompt({ system: [], context: ['plain text'] });
    // @ts-expect-error a structural copy without the brand is not untrusted
    buildPrompt({ system: [], context: [{ value: 'x', source: 's' }] });
    buildPrompt({ system: ['ok'], instructions: ['do it'], context: [title, untrusted({ id: 1 }, 'tool')] });
  });

  it('keeps derived values untrusted', () => {
    expectTypeOf(derive(title, (text) => text.length)).toEqualTypeOf<Untrusted<number>>();
    expectTypeOf(derive(title, (text) => untrusted(text, 'x'))).toEqualTypeOf<Untrusted<string>>();
    expectTypeOf(combine([title, 'x'], (values) => values.length)).toEqualTypeOf<Untrusted<number>>();
    expectTypeOf(wrapUntrusted(title)).toEqualTypeOf<string>();
  });
});
