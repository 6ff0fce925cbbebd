// The demo's conversation: every case through the real gate, evidence sealed, raw output bounded and inert.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildDemoScript } from '../../src/demo/build-script.js';
import { questionFor } from '../../src/demo/questions.js';
import { RAW_VIEW_MAX_BYTES } from '../../src/demo/raw-view.js';
import { loadPack } from '../../src/packs/load-pack.js';
import { generatedLength } from '../../src/packs/materialize.js';
import { shippedFixturesDir } from '../../src/packs/shipped.js';

const PACKS = join(shippedFixturesDir() ?? '', 'packs');

describe('the demo script', async () => {
  const packs = await Promise.all(
    ['structure', 'transport'].map((name) => loadPack(join(PACKS, name), PACKS)),
  );
  const { script, auditEvents } = await buildDemoScript(packs);
  const cases = script.packs.flatMap((pack) => pack.cases);
  const loaded = packs.flatMap((pack) => pack.cases);

  test('holds every case in order, with its question, call and outcome, each raw response sealed as evidence', () => {
    expect(script.packs.map((pack) => pack.name)).toEqual(['structure', 'transport']);
    expect(cases.map((turn) => turn.id)).toEqual(loaded.map((testCase) => testCase.id));
    for (const turn of cases) {
      expect(turn.question).toBe(questionFor(turn.call.tool));
      expect(turn.outcome?.meta.evidence).toMatch(/^ev_/);
      expect(turn.passed).toBe(true);
    }
    expect(auditEvents).toBe(cases.length);
    expect(new Set(cases.map((turn) => turn.outcome?.meta.evidence)).size).toBe(cases.length);
    expect(JSON.parse(JSON.stringify(script.packs[0]?.egress))).toEqual(packs[0]?.policy);
  });

  test('shows each raw body as text of at most a few KiB, whatever its size or form', () => {
    for (const [index, turn] of cases.entries()) {
      const { input } = loaded[index]!;
      expect(Buffer.byteLength(turn.raw.text)).toBeLessThanOrEqual(RAW_VIEW_MAX_BYTES + 3);
      if ('json' in input) expect(JSON.parse(turn.raw.text)).toEqual(input.json);
      if ('text' in input && !turn.raw.truncated) expect(turn.raw.text).toBe(input.text);
      if ('generate' in input) expect(turn.raw.bytes).toBe(generatedLength(input.generate));
      if ('file' in input) {
        const file = readFileSync(join(PACKS, 'structure', input.file));
        expect(turn.raw.bytes).toBe(file.length);
        expect(file.toString('utf8').startsWith(turn.raw.text.replace(/\uFFFD$/, ''))).toBe(true);
      }
    }
    const huge = cases.find((turn) => turn.id === 'nesting-100000-levels');
    expect(huge?.raw).toMatchObject({ form: 'generate', bytes: 100_000, truncated: true });
    expect(cases.find((turn) => turn.id === 'invalid-utf8-byte')?.raw.text).toContain('\uFFFD');
    expect(cases.find((turn) => turn.raw.contentEncoding === 'gzip')?.raw.text).toMatch(/^\{/);
  });
});
