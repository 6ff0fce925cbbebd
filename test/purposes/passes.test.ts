// The purposes' `passes` shortcut: true only where `sanitize` keeps the value as it is, without a finding.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configurePurpose, type ConfiguredPurpose, type Purpose } from '../../src/purposes/purpose.js';
import { PURPOSE_SANITIZERS } from '../../src/purposes/registry.js';
import type { SchemaObject } from '../../src/schema/subschemas.js';
import { ATTACKS, BENIGN, INTERACTING_PIECES } from './text-corpus.js';

function configured(kind: 'id' | 'enum' | 'text', node: SchemaObject, options = {}): ConfiguredPurpose {
  const purpose: Purpose<unknown> = PURPOSE_SANITIZERS[kind];
  return configurePurpose(purpose, { node, options, defaults: undefined, location: '/x' });
}

const SITES: readonly (readonly [string, ConfiguredPurpose])[] = [
  ['id', configured('id', { type: 'string', pattern: '^.*$' })],
  ['enum', configured('enum', { enum: ['open', 'closed', 'in_progress', 'é', ''] })],
  ['text', configured('text', { type: 'string' })],
  [
    'text, one line, 40 code points',
    configured('text', { type: 'string', maxLength: 40 }, { multiline: false }),
  ],
  ['text, secrets kept', configured('text', { type: 'string' }, { secrets: 'keep' })],
  ['text, confusables refused', configured('text', { type: 'string' }, { confusables: 'reject' })],
];

const CORPUS = [...BENIGN, ...ATTACKS].map((entry) => entry.value);
const anyValue = fc.oneof(
  fc.constantFrom(...CORPUS, 'open', 'closed', 'é', '', 'T-123', 'token: abcdefghijklmnopqrstuvwxyz012345'),
  fc.array(fc.constantFrom(...INTERACTING_PIECES), { maxLength: 20 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
);

describe('passes', () => {
  for (const [name, purpose] of SITES) {
    it(`${name}: passes only what sanitize keeps unchanged without a finding`, () => {
      const passes = purpose.passes;
      expect(passes).toBeDefined();
      let passed = 0;
      fc.assert(
        fc.property(anyValue, (value) => {
          if (passes?.(value) !== true) return;
          passed++;
          const outcome = purpose.sanitize(value);
          expect(outcome).toMatchObject({ ok: true, value, findings: [] });
          expect((outcome as { hidden?: unknown[] }).hidden ?? []).toEqual([]);
          expect((outcome as { allowance?: number }).allowance).toBeUndefined();
        }),
        { numRuns: 5_000 },
      );
      // The comparison is not vacuous: ordinary values take the shortcut.
      expect(passed).toBeGreaterThan(100);
    });
  }

  it('is absent where the purpose cannot tell without doing the work (url, html)', () => {
    expect('passes' in PURPOSE_SANITIZERS.url).toBe(false);
    expect('passes' in PURPOSE_SANITIZERS.html).toBe(false);
  });
});
