// The benchmark contract: each suite measures itself against a baseline in the same run and returns rows.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Bench } from 'tinybench';

/** One printed result: a measured figure and its ratio to a baseline measured in the same run. */
export interface BenchRow {
  /** What was measured. */
  readonly name: string;
  /** What it was compared with. */
  readonly baseline: string;
  /** measured ÷ baseline (throughput ratio: above 1 means faster than the baseline). */
  readonly ratio: number;
  /** The absolute figures, human-readable. */
  readonly detail: string;
  /** The target ratio, when the project states one. */
  readonly target?: string;
}

/** A suite of measurements. */
export interface BenchSuite {
  readonly title: string;
  run(): Promise<readonly BenchRow[]>;
}

/** Rounds per comparison: the median round decides the ratio. */
const ROUNDS = 3;

/**
 * Measures two tasks in {@link ROUNDS} rounds of one tinybench instance each, alternating which runs first,
 * and returns the mean operations per second of both in the round whose ratio is the median. tinybench times
 * the tasks one after the other, so a burst of load from elsewhere lands on one task of one round: the median
 * keeps it from deciding the ratio. `time` is each task's total measuring time over the rounds.
 */
export async function compare(
  subject: { name: string; fn: () => unknown },
  baseline: { name: string; fn: () => unknown },
  time = 1000,
): Promise<{ subjectHz: number; baselineHz: number }> {
  const rounds: { subjectHz: number; baselineHz: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: time / ROUNDS, warmupTime: 200 });
    const [first, second] = round % 2 === 0 ? [baseline, subject] : [subject, baseline];
    bench.add(first.name, first.fn).add(second.name, second.fn);
    await bench.run();
    const hz = (name: string): number => {
      const result = bench.getTask(name)?.result;
      if (result?.state !== 'completed') throw new Error(`benchmark task "${name}" did not complete`);
      return result.throughput.mean;
    };
    rounds.push({ subjectHz: hz(subject.name), baselineHz: hz(baseline.name) });
  }
  rounds.sort((a, b) => a.subjectHz / a.baselineHz - b.subjectHz / b.baselineHz);
  return rounds[ROUNDS >> 1] as { subjectHz: number; baselineHz: number };
}

/** Megabytes per second for an operation over `bytes` bytes running at `hz` operations per second. */
export function mbPerSecond(bytes: number, hz: number): string {
  return `${((bytes * hz) / 1e6).toFixed(1)} MB/s`;
}

/**
 * The project's root folder (the nearest one up holding package.json). Benchmarks run from their sources
 * under tsx or compiled under `.bench-build/`; data files are found from the root either way.
 */
export function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the benchmark');
    dir = parent;
  }
  return dir;
}
