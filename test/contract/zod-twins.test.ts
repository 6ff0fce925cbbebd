// A zod contract and its JSON twin accept and reject every shipped case alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contractFromJson, parseContractText } from '../../src/contract/contract-file.js';
import { defineTool, type ToolContract, type ToolDefinition } from '../../src/contract/define-tool.js';
import { outcomeEnvelope, provenanceEnvelope } from '../../src/contract/envelopes.js';
import { discoverPacks } from '../../src/packs/discover.js';
import { loadPack } from '../../src/packs/load-pack.js';
import type { LoadedPack } from '../../src/packs/pack.js';
import { runPacks } from '../../src/packs/run.js';
import { ZOD_TWINS } from './zod-twins.js';

const ROOT = join(import.meta.dirname, '../..');
const CONTRACTS = join(ROOT, 'fixtures/contracts');

interface ContractFile {
  readonly name: keyof typeof ZOD_TWINS;
  readonly envelope?: { readonly kind: 'outcome' | 'provenance' } & Record<string, unknown>;
}

/** The twin of a shipped contract file: everything as in the file, but its schema (or data schema) from zod. */
function twinOf(file: string): ToolDefinition {
  const parsed = parseContractText(readFileSync(join(CONTRACTS, file), 'utf8')) as unknown as ContractFile;
  const fromFile: ToolContract = contractFromJson(parsed);
  const zodSchema = ZOD_TWINS[parsed.name];
  const envelope = parsed.envelope;
  let schema: object = zodSchema;
  if (envelope?.kind === 'outcome') {
    schema = outcomeEnvelope({
      ...(envelope as unknown as Parameters<typeof outcomeEnvelope>[0]),
      data: zodSchema,
    }).schema;
  } else if (envelope?.kind === 'provenance') {
    schema = provenanceEnvelope({
      ...(envelope as unknown as Parameters<typeof provenanceEnvelope>[0]),
      data: zodSchema,
    }).schema;
  }
  return defineTool({ ...fromFile, schema });
}

async function shippedPacks(): Promise<LoadedPack[]> {
  const packs: LoadedPack[] = [];
  for (const dir of discoverPacks([join(ROOT, 'fixtures/packs')], ROOT))
    packs.push(await loadPack(dir, ROOT));
  return packs;
}

describe('zod contracts', () => {
  test('every shipped contract has a zod twin that the contract rules accept', () => {
    const files = [
      'customer-search',
      'deployment-status',
      'doc-search',
      'kb-article',
      'review-status',
      'run-status',
      'ticket-detail',
      'ticket-search',
    ];
    for (const file of files) expect(() => twinOf(`${file}.contract.json`), file).not.toThrow();
  });

  test('a zod contract and its JSON twin accept and reject the same shipped cases identically', async () => {
    const packs = await shippedPacks();
    const twins = new Map<string, ToolDefinition>();
    for (const file of [
      'customer-search',
      'deployment-status',
      'doc-search',
      'kb-article',
      'review-status',
      'run-status',
      'ticket-detail',
      'ticket-search',
    ]) {
      const twin = twinOf(`${file}.contract.json`);
      twins.set(twin.name, twin);
    }
    const zodPacks = packs.map((pack) => ({
      ...pack,
      cases: pack.cases.map((testCase) => ({
        ...testCase,
        tool: twins.get(testCase.tool.name) ?? testCase.tool,
      })),
    }));
    const [json, zod] = [await runPacks(packs), await runPacks(zodPacks)];
    // Accepted or rejected, and the agent-facing code: zod may word a schema differently (an enum also states
    // its type), so the detailed code of a rejection can differ while the decision may not.
    const observed = (report: typeof json) =>
      report.packs.flatMap((pack) =>
        pack.cases.map((result) => `${result.id}: ${result.observed.split(' (')[0] ?? ''}`),
      );
    expect(json.total).toBeGreaterThanOrEqual(126);
    expect(observed(zod)).toEqual(observed(json));
    expect(json.failed).toBe(0);
    const usedTwins = zodPacks
      .flatMap((pack) => pack.cases)
      .filter((testCase) => twins.get(testCase.tool.name) === testCase.tool);
    expect(usedTwins.length).toBe(json.total);
  }, 120_000);
});
