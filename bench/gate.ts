// Bench: the whole gate against the naive path (JSON.parse + ajv validate) on realistic ticket searches.
import { CONTEXT, bareGate, naivePath, ticketBytes, ticketTool, vaultGate } from './gate-setup.js';
import { compare, mbPerSecond, type BenchRow, type BenchSuite } from './harness.js';
import type { Gate } from 'agent-airlock';

const NAIVE = 'naive path (TextDecoder + JSON.parse + ajv validate, same schema)';

async function row(gate: Gate, label: string, items: number, target: string): Promise<BenchRow> {
  const { tool, schema } = ticketTool();
  const naive = naivePath(schema);
  const bytes = ticketBytes(items);
  const check = await gate.accept(tool, bytes, CONTEXT);
  if (!check.ok) throw new Error(`the bench response was rejected: ${check.error.code}`);
  const { subjectHz, baselineHz } = await compare(
    { name: `gate ${label}`, fn: () => gate.accept(tool, bytes, CONTEXT) },
    { name: `naive ${label}`, fn: () => naive(bytes) },
    items > 1000 ? 3000 : 1000,
  );
  return {
    name: `gate.accept, ${label}, on a ${(bytes.length / 1024).toFixed(0)} KB ticket search (${items} items)`,
    baseline: NAIVE,
    ratio: subjectHz / baselineHz,
    target,
    detail: `gate ${mbPerSecond(bytes.length, subjectHz)}, naive ${mbPerSecond(bytes.length, baselineHz)}`,
  };
}

/** The gate suite: the gate's throughput as a ratio to the naive path, measured in the same run. */
export const gateSuite: BenchSuite = {
  title: 'gate (read → parse → validate → bind → sanitize → project)',
  async run() {
    const rows: BenchRow[] = [];
    const bare = bareGate();
    for (const items of [50, 5000])
      rows.push(await row(bare, 'no vault, no-op audit sink', items, '≥ 0.5× (stretch 0.7×)'));
    const full = vaultGate();
    try {
      for (const items of [50, 5000])
        rows.push(
          await row(full.gate, 'SQLite vault + JSON-lines audit file', items, 'none (the cost of evidence)'),
        );
    } finally {
      await full.close();
    }
    return rows;
  },
};
