// Every sink renders an outcome whose prose is untrusted exactly as it renders the same data as plain JSON.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { discoverPacks } from '../../../src/packs/discover.js';
import { loadPack } from '../../../src/packs/load-pack.js';
import type { LoadedPack } from '../../../src/packs/pack.js';
import { runPacks } from '../../../src/packs/run.js';
import { SINKS } from '../../../src/rendering/sinks.js';
import { containsUntrusted } from '../../../src/taint/contains.js';
import type { Untrusted } from '../../../src/taint/untrusted.js';
import type { ToolOutcome } from '../../../src/vocabulary/outcome.js';
import { asJson } from '../../support/as-json.js';

const PACKS_DIR = fileURLToPath(new URL('../../../fixtures/packs/', import.meta.url));
const SYSTEM = ['You help an operator with tool results.'];
/** A prompt block's nonce: fresh on every render, so it is replaced before comparing. */
const NONCE = /[0-9a-f]{24}/g;

interface Accepted {
  readonly id: string;
  readonly pack: LoadedPack;
  readonly outcome: ToolOutcome<unknown>;
}

const accepted: Accepted[] = [];

beforeAll(async () => {
  const packs = await Promise.all(
    discoverPacks([PACKS_DIR], PACKS_DIR).map((dir) => loadPack(dir, PACKS_DIR)),
  );
  await runPacks(packs, {
    onCase: ({ pack, result, outcome }) => {
      const loaded = packs.find((candidate) => candidate.name === pack);
      if (outcome?.ok === true && loaded !== undefined)
        accepted.push({ id: `${pack}/${result.id}`, pack: loaded, outcome });
    },
  });
}, 300_000);

/** Every sink's text and findings for one outcome. */
async function renderAll(outcome: ToolOutcome<unknown>, pack: LoadedPack): Promise<Record<string, unknown>> {
  const html = await SINKS.html.render(outcome, { policy: pack.policy });
  const markdown = await SINKS.markdown.render(outcome, { policy: pack.policy });
  const prompt = await SINKS.prompt.render(outcome, { system: SYSTEM });
  const log = await SINKS.log.render(outcome, {});
  return Object.fromEntries(
    Object.entries({ html, markdown, prompt, log }).map(([sink, rendered]) => [
      sink,
      { text: rendered.text.replace(NONCE, 'NONCE'), findings: rendered.findings },
    ]),
  );
}

describe('the shipped packs through every sink', () => {
  test('accepted outcomes hold untrusted prose, and their JSON is plain', () => {
    const tainted = accepted.filter((entry) => containsUntrusted(entry.outcome.ok && entry.outcome.data));
    expect(accepted.length).toBeGreaterThan(10);
    expect(tainted.length).toBeGreaterThan(accepted.length / 2);
    for (const { outcome } of tainted) expect(containsUntrusted(asJson(outcome))).toBe(false);
  });

  test('html, markdown, prompt and log render each outcome byte for byte as its plain JSON', async () => {
    for (const { id, pack, outcome } of accepted) {
      const plain = asJson(outcome) as ToolOutcome<unknown>;
      expect({ id, ...(await renderAll(outcome, pack)) }).toEqual({ id, ...(await renderAll(plain, pack)) });
    }
  });

  test('a purposed value renders alike whether its string is untrusted or plain', async () => {
    let untrustedValues = 0;
    for (const { pack, outcome } of accepted) {
      if (!outcome.ok) continue;
      const data = outcome.data as Record<string, unknown>;
      for (const [name, value] of Object.entries(data)) {
        const kind = outcome.meta.purposes[`/${name}`];
        if (kind === undefined || typeof value === 'number') continue;
        const plain = asJson(value);
        if (typeof plain !== 'string') continue;
        if (containsUntrusted(value)) untrustedValues++;
        const input = { purpose: kind, value: value as string | Untrusted<string> };
        expect(await SINKS.html.render(input, { policy: pack.policy })).toEqual(
          await SINKS.html.render({ purpose: kind, value: plain }, { policy: pack.policy }),
        );
        expect((await SINKS.log.render(input, {})).text).toBe(
          (await SINKS.log.render({ purpose: kind, value: plain }, {})).text,
        );
      }
    }
    expect(untrustedValues).toBeGreaterThan(0);
  });
});
