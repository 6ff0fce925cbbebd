// Runs loaded packs: each case through a fresh gate with an in-memory audit sink, then every sink, then checks.
import { performance } from 'node:perf_hooks';
import { memoryAuditSink } from '../audit/sinks.js';
import { createGate } from '../gate/create-gate.js';
import type { EvidenceWriter } from '../vocabulary/evidence-writer.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { checkCase, describeIssue } from './check-case.js';
import { materializeInput } from './materialize.js';
import type { LoadedCase, LoadedPack } from './pack.js';
import { renderOutcome } from './render-sinks.js';
import { summarize, type CaseResult, type PackResult, type RunReport } from './results.js';

/** How packs are run. */
export interface RunOptions {
  /** Where raw responses go; each outcome then carries a reference id that the report shows. */
  readonly vault?: EvidenceWriter;
  /** Called after each case, for progress output (and for a demo that shows each outcome). */
  readonly onCase?: (progress: {
    readonly done: number;
    readonly total: number;
    readonly pack: string;
    readonly result: CaseResult;
    /** The case's outcome; `undefined` when its input could not be built. */
    readonly outcome: ToolOutcome<unknown> | undefined;
  }) => void;
}

/** Runs every case of every pack in order. Never throws on a case's content: a broken case is a failed case. */
export async function runPacks(packs: readonly LoadedPack[], options: RunOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const total = packs.reduce((sum, pack) => sum + pack.cases.length, 0);
  let done = 0;
  const results: PackResult[] = [];
  for (const pack of packs) {
    const packStarted = performance.now();
    const cases: CaseResult[] = [];
    for (const testCase of pack.cases) {
      const { result, outcome } = await runCase(pack, testCase, options.vault);
      cases.push(result);
      options.onCase?.({ done: ++done, total, pack: pack.name, result, outcome });
    }
    results.push({ name: pack.name, file: pack.file, cases, durationMs: performance.now() - packStarted });
  }
  return summarize(results, performance.now() - started);
}

async function runCase(
  pack: LoadedPack,
  testCase: LoadedCase,
  vault: EvidenceWriter | undefined,
): Promise<{ readonly result: CaseResult; readonly outcome?: ToolOutcome<unknown> }> {
  const started = performance.now();
  const base = { id: testCase.id, title: testCase.title, line: testCase.line };
  const notRun = (check: string, expected: string, actual: string, observed: string): CaseResult => ({
    ...base,
    passed: false,
    observed,
    failures: [{ check, expected, actual }],
    durationMs: performance.now() - started,
  });
  const input = await materializeInput(testCase.input, testCase.transport, pack.dir);
  if (!input.ok) return { result: notRun('input', 'a readable input', input.code, 'not run') };
  const audit = memoryAuditSink();
  const gate = createGate({ audit, ...(vault === undefined ? {} : { vault }) });
  const outcome = await gate.accept(testCase.tool, input.raw, testCase.context);
  const record = audit.records.at(-1);
  if (record === undefined) {
    return { result: notRun('audit', 'one audit record', 'none', 'no audit record'), outcome };
  }
  const rendered = await renderOutcome(outcome, record, pack.policy);
  const failures = checkCase(testCase, { outcome, record, rendered });
  const result: CaseResult = {
    ...base,
    passed: failures.length === 0,
    observed: describeIssue(record),
    ...(outcome.meta.evidence === undefined ? {} : { evidence: outcome.meta.evidence }),
    failures,
    durationMs: performance.now() - started,
  };
  return { result, outcome };
}
