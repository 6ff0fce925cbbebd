// Bench: where a gate call's time goes, stage by stage, from the timings in its own audit records.
import { createGate, type AuditRecord } from 'agent-airlock';
import { CONTEXT, ticketBytes, ticketTool } from './gate-setup.js';
import type { BenchRow, BenchSuite } from './harness.js';

async function breakdown(items: number, calls: number): Promise<BenchRow> {
  const { tool } = ticketTool();
  const sums = new Map<string, number>();
  const gate = createGate({
    audit: {
      write(record: AuditRecord) {
        for (const [stage, ms] of Object.entries(record.timings))
          sums.set(stage, (sums.get(stage) ?? 0) + ms);
      },
    },
  });
  const bytes = ticketBytes(items);
  for (let i = 0; i < Math.max(3, calls / 10); i++) await gate.accept(tool, bytes, CONTEXT);
  sums.clear();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await gate.accept(tool, bytes, CONTEXT);
  const wall = performance.now() - started;
  const staged = [...sums.values()].reduce((a, b) => a + b, 0);
  const shares = [...sums].map(([stage, ms]) => `${stage} ${((100 * ms) / staged).toFixed(0)} %`);
  return {
    name: `stage shares of gate.accept, ${(bytes.length / 1024).toFixed(0)} KB ticket search (${items} items)`,
    baseline: 'wall time of the same calls (the rest is audit record, digest and awaits)',
    ratio: staged / wall,
    detail: `${shares.join(', ')}; ${(wall / calls).toFixed(2)} ms per call over ${calls} calls`,
  };
}

/** Per-stage share of the gate's time at 20 KB and 2 MB, from the audit records' stage timings. */
export const gateStagesSuite: BenchSuite = {
  title: 'gate stage breakdown',
  async run() {
    return [await breakdown(50, 1000), await breakdown(5000, 20)];
  },
};
