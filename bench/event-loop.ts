// Bench: the longest event-loop stall while the gate works, against the naive path doing the same work.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTEXT, bareGate, naivePath, ticketBytes, ticketTool } from './gate-setup.js';
import type { BenchRow, BenchSuite } from './harness.js';

/** Concurrent calls in the burst row. */
const BURST = 500;
/** Repeats of each measurement; the median is reported. */
const ROUNDS = 5;

/** The longest event-loop delay (ms) seen while `work` runs, by `monitorEventLoopDelay` at 1 ms resolution. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  await sleep(5);
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await sleep(2);
  await work();
  // Give the monitor's timer its turn, so a stall that ends with the work is recorded.
  await sleep(5);
  histogram.disable();
  return histogram.max / 1e6;
}

async function median(work: () => Promise<unknown>): Promise<number> {
  const stalls: number[] = [];
  for (let i = 0; i < ROUNDS; i++) stalls.push(await longestStall(work));
  stalls.sort((a, b) => a - b);
  return stalls[Math.floor(ROUNDS / 2)] ?? Number.NaN;
}

function stallRow(name: string, baseline: string, gateMs: number, naiveMs: number): BenchRow {
  return {
    name,
    baseline,
    ratio: naiveMs / gateMs,
    detail: `longest stall ${gateMs.toFixed(1)} ms with the gate, ${naiveMs.toFixed(1)} ms naive (median of ${ROUNDS})`,
  };
}

/** How long the gate holds the event loop: one 2 MB result, and a burst of concurrent 20 KB results. */
export const eventLoopSuite: BenchSuite = {
  title: 'event loop stalls',
  async run() {
    const { tool, schema } = ticketTool();
    const naive = naivePath(schema);
    const gate = bareGate();
    const large = ticketBytes(5000);
    const small = ticketBytes(50);
    const one = await median(() => gate.accept(tool, large, CONTEXT));
    const oneNaive = await median(() => Promise.resolve(naive(large)));
    const burst = () => Promise.all(Array.from({ length: BURST }, () => gate.accept(tool, small, CONTEXT)));
    const burstNaive = () =>
      Promise.all(Array.from({ length: BURST }, () => Promise.resolve().then(() => naive(small))));
    const many = await median(burst);
    const manyNaive = await median(burstNaive);
    return [
      stallRow(
        'longest event-loop stall during one 2 MB accept (5000 items)',
        'naive path on the same bytes (one synchronous block; above 1 means shorter stalls)',
        one,
        oneNaive,
      ),
      stallRow(
        `longest event-loop stall during a burst of ${BURST} concurrent 20 KB accepts`,
        'naive path on the same burst (above 1 means shorter stalls)',
        many,
        manyNaive,
      ),
    ];
  },
};
