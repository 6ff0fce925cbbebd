// Benchmark suite: strict JSON parsing throughput against JSON.parse on realistic tool responses.
import { Buffer } from 'node:buffer';
import { parseJson } from 'agent-airlock';
import { ticketSearchJson } from './fixtures/ticket-search.js';
import type { BenchRow, BenchSuite } from './harness.js';
import { compare, mbPerSecond } from './harness.js';

/** The response sizes measured: a ticket search with 50 items (~20 KB) and 5,000 items (~2 MB). */
const CASES: readonly { readonly label: string; readonly items: number }[] = [
  { label: '20 KB', items: 50 },
  { label: '2 MB', items: 5_000 },
];

async function measure(label: string, items: number): Promise<BenchRow> {
  const text = ticketSearchJson(items);
  const bytes = Buffer.byteLength(text);
  const check = parseJson(text);
  if (!check.ok) throw new Error(`the ${label} fixture was refused (${check.error.code})`);
  const { subjectHz, baselineHz } = await compare(
    { name: `parseJson ${label}`, fn: () => parseJson(text) },
    { name: `JSON.parse ${label}`, fn: () => JSON.parse(text) as unknown },
    3000,
  );
  return {
    name: `parseJson, ticket search ${label} (${items} items, default limits)`,
    baseline: 'JSON.parse',
    ratio: subjectHz / baselineHz,
    detail: `parseJson ${mbPerSecond(bytes, subjectHz)}, JSON.parse ${mbPerSecond(bytes, baselineHz)}`,
    target: '≥ 0.6×',
  };
}

/** Strict parse throughput as a ratio to `JSON.parse`, measured in the same run. */
export const jsonSuite: BenchSuite = {
  title: 'strict JSON parse',
  async run(): Promise<readonly BenchRow[]> {
    const rows: BenchRow[] = [];
    for (const { label, items } of CASES) rows.push(await measure(label, items));
    return rows;
  },
};
