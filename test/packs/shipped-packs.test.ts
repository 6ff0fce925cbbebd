// Every shipped pack under fixtures/packs loads and every one of its cases passes through the real gate and sinks.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { discoverPacks } from '../../src/packs/discover.js';
import { loadPack } from '../../src/packs/load-pack.js';
import type { LoadedPack } from '../../src/packs/pack.js';
import { runPacks } from '../../src/packs/run.js';

const ROOT = join(import.meta.dirname, '../..');
const packs: LoadedPack[] = [];
for (const dir of discoverPacks(['fixtures/packs'], ROOT)) packs.push(await loadPack(dir, ROOT));

describe('shipped fixture packs', () => {
  test('the themed packs and the benign controls are all there', () => {
    expect(packs.map((pack) => pack.name).sort()).toEqual(
      expect.arrayContaining(['benign', 'binding', 'content', 'seed-examples', 'structure', 'transport']),
    );
    for (const pack of packs) expect(pack.cases.length).toBeGreaterThan(0);
  });

  describe.each(packs.map((pack) => [pack.name, pack] as const))('pack %s', (_name, pack) => {
    test.each(pack.cases.map((testCase) => [testCase.id, testCase] as const))('%s', async (_id, testCase) => {
      const report = await runPacks([{ ...pack, cases: [testCase] }]);
      const result = report.packs[0]?.cases[0];
      expect(result?.failures, `${pack.file} line ${testCase.line}: ${testCase.title}`).toEqual([]);
      expect(result?.passed).toBe(true);
    });
  });

  test('the benign pack expects every case accepted untouched with no finding at all', () => {
    const benign = packs.find((pack) => pack.name === 'benign');
    for (const testCase of benign?.cases ?? []) {
      expect(testCase.expect.accepted?.findings).toBe('none');
      expect(testCase.expect.accepted?.data).toBeDefined();
    }
  });
});
