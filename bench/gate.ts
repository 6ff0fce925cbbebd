// Bench: the whole gate against the naive path (JSON.parse + ajv validate) on realistic ticket searches.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contractFromJson, parseContractText } from '../src/contract/contract-file.js';
import { createGate } from '../src/gate/create-gate.js';
import { defineTool } from '../src/contract/define-tool.js';
import { ticketSearchJson } from './fixtures/ticket-search.js';
import { compare, mbPerSecond, projectRoot, type BenchRow, type BenchSuite } from './harness.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const CONTRACT = join(projectRoot(), 'fixtures/contracts/ticket-search.contract.json');

/** The ticket-search contract with ceilings raised for the 2 MB response. */
function ticketTool() {
  const contract = contractFromJson(parseContractText(readFileSync(CONTRACT, 'utf8')));
  const big = 16 * 1024 * 1024;
  return {
    tool: defineTool({
      ...contract,
      limits: { read: { maxRawBytes: big, maxDecodedBytes: big }, output: { safeMaxBytes: big } },
    }),
    schema: contract.schema,
  };
}

/** The naive path a hand-written adapter takes: decode, JSON.parse, one ajv validate (same schema). */
function naiveValidator(schema: object): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-purpose' });
  const validate = ajv.compile(schema);
  return (value) => validate(value);
}

/** The gate suite: the gate's throughput as a ratio to the naive path, measured in the same run. */
export const gateSuite: BenchSuite = {
  title: 'gate (read → parse → validate → bind → sanitize → project)',
  async run() {
    const { tool, schema } = ticketTool();
    const naive = naiveValidator(schema);
    const gate = createGate({ audit: { write: () => undefined } });
    const decoder = new TextDecoder();
    const context = {
      requestId: 'req.bench0001',
      tenant: 'tenant-a',
      limit: 5000,
      now: '2026-07-18T09:31:00Z',
    };
    const rows: BenchRow[] = [];
    for (const items of [50, 5000]) {
      const bytes = new TextEncoder().encode(ticketSearchJson(items));
      const check = await gate.accept(tool, bytes, context);
      if (!check.ok) throw new Error(`the bench response was rejected: ${check.error.code}`);
      const { subjectHz, baselineHz } = await compare(
        { name: 'gate', fn: () => gate.accept(tool, bytes, context) },
        { name: 'naive', fn: () => naive(JSON.parse(decoder.decode(bytes))) },
        items > 1000 ? 3000 : 1000,
      );
      rows.push({
        name: `gate.accept on a ${(bytes.length / 1024).toFixed(0)} KB ticket search (${items} items)`,
        baseline: 'naive path (TextDecoder + JSON.parse + ajv validate)',
        ratio: subjectHz / baselineHz,
        target: '≥ 0.7×',
        detail: `gate ${mbPerSecond(bytes.length, subjectHz)}, naive ${mbPerSecond(bytes.length, baselineHz)}`,
      });
    }
    return rows;
  },
};
