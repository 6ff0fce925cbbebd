// What running packs produced: per case, per pack and in total. Codes, counts and reference ids only.
import type { ExpectationFailure } from './check-case.js';

/** The result of one case. */
export interface CaseResult {
  readonly id: string;
  readonly title: string;
  /** The line of pack.json the case starts on. */
  readonly line: number;
  readonly passed: boolean;
  /** What happened, in codes: `accepted` or `rejected <code> (<detail> at <pointer>)`. */
  readonly observed: string;
  /** The evidence reference id of the raw response, when a vault was used. */
  readonly evidence?: string;
  readonly failures: readonly ExpectationFailure[];
  readonly durationMs: number;
}

/** The results of one pack. */
export interface PackResult {
  readonly name: string;
  /** pack.json, relative to the working folder. */
  readonly file: string;
  readonly cases: readonly CaseResult[];
  readonly durationMs: number;
}

/** The results of a whole run. */
export interface RunReport {
  readonly packs: readonly PackResult[];
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly durationMs: number;
}

/** One missed expectation in words: `<check>: expected <expected>; got <actual>`. */
export function explainFailure(failure: ExpectationFailure): string {
  return `${failure.check}: expected ${failure.expected}; got ${failure.actual}`;
}

/** Totals a report from its packs. */
export function summarize(packs: readonly PackResult[], durationMs: number): RunReport {
  const cases = packs.flatMap((pack) => pack.cases);
  const passed = cases.filter((result) => result.passed).length;
  return { packs, total: cases.length, passed, failed: cases.length - passed, durationMs };
}
