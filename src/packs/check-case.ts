// Compares what happened to a case with what it expects; each miss is explained by codes, never by payload text.
import type { AuditRecord } from '../audit/record.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import type { JsonValue } from '../json/types.js';
import { plainData } from '../taint/plain.js';
import type {
  AcceptedExpectation,
  FindingExpectation,
  LoadedCase,
  RejectedExpectation,
  SinkName,
} from './pack.js';
import { SINK_NAMES } from './pack.js';
import { firstDifference } from './json-difference.js';
import type { AgentSurface, RenderedOutcome } from './render-sinks.js';

/** What happened to a case: the outcome, its audit record and every sink's rendering of it. */
export interface Observation {
  readonly outcome: ToolOutcome<unknown>;
  readonly record: AuditRecord;
  readonly rendered: RenderedOutcome;
}

/**
 * One expectation a case did not meet. `check` names the expectation by its place in the case (such as
 * `sinks.html.notContains[1]`), `expected` and `actual` hold codes, counts, offsets and redacted pointers:
 * never a needle or any text of the tool result.
 */
export interface ExpectationFailure {
  readonly check: string;
  readonly expected: string;
  readonly actual: string;
}

/** Every expectation of `testCase` that `observed` misses; empty when the case passed. */
export function checkCase(testCase: LoadedCase, observed: Observation): ExpectationFailure[] {
  const failures: ExpectationFailure[] = [];
  const fail: Fail = (check, expected, actual) => {
    failures.push({ check, expected, actual });
  };
  const expect = testCase.expect;
  if (expect.rejected !== undefined) checkRejected(expect.rejected, observed, fail);
  else checkAccepted(expect.accepted, observed, fail);
  checkSinks(testCase, observed.rendered, fail);
  for (const [index, needle] of (expect.agentNotContains ?? []).entries()) {
    for (const surface of Object.keys(observed.rendered.agent) as AgentSurface[]) {
      const at = observed.rendered.agent[surface].indexOf(needle);
      if (at !== -1) fail(`agentNotContains[${index}]`, 'absent', `present in ${surface} at character ${at}`);
    }
  }
  return failures;
}

type Fail = (check: string, expected: string, actual: string) => void;

function checkRejected(wanted: RejectedExpectation, { outcome, record }: Observation, fail: Fail): void {
  checkFindings(wanted.findings, outcome, fail);
  if (outcome.ok) {
    fail('outcome', 'rejected', 'accepted');
    return;
  }
  const issue = record.issue;
  if (wanted.code !== undefined && wanted.code !== outcome.error.code)
    fail('code', wanted.code, outcome.error.code);
  if (wanted.detail !== undefined && wanted.detail !== issue?.code)
    fail('detail', wanted.detail, issueDetail(record));
  if (wanted.stage !== undefined && wanted.stage !== issue?.stage)
    fail('stage', wanted.stage, issue?.stage ?? 'none');
  if (wanted.retryable !== undefined && wanted.retryable !== outcome.error.retryable)
    fail('retryable', String(wanted.retryable), String(outcome.error.retryable));
  if (wanted.upstreamCode !== undefined && wanted.upstreamCode !== outcome.meta.upstreamCode)
    fail('upstreamCode', wanted.upstreamCode, outcome.meta.upstreamCode ?? 'none');
}

function checkAccepted(wanted: AcceptedExpectation, { outcome, record }: Observation, fail: Fail): void {
  if (!outcome.ok) {
    fail('outcome', 'accepted', describeIssue(record));
    return;
  }
  checkFindings(wanted.findings, outcome, fail);
  if (wanted.data === undefined) return;
  const at = firstDifference(wanted.data, plainData(outcome.data) as JsonValue);
  if (at !== undefined)
    fail('data', 'the expected data', `a different value at ${at === '' ? '(root)' : at}`);
}

/** The outcome of a case in codes: `accepted`, or `rejected <code> (<detail> at <pointer>)`. */
export function describeIssue(record: AuditRecord): string {
  return record.outcome === 'accepted'
    ? 'accepted'
    : `rejected ${record.code ?? 'unknown'} (${issueDetail(record)})`;
}

/** A rejection's detailed code and the redacted pointer it was raised at. */
function issueDetail(record: AuditRecord): string {
  const issue = record.issue;
  if (issue === undefined) return 'no detail';
  return issue.pointer === undefined || issue.pointer === ''
    ? issue.code
    : `${issue.code} at ${issue.pointer}`;
}

function checkFindings(
  wanted: FindingExpectation | undefined,
  outcome: ToolOutcome<unknown>,
  fail: Fail,
): void {
  if (wanted === undefined) return;
  const actual = [...new Set(outcome.meta.findings.map((finding) => finding.code))];
  if (wanted === 'none') {
    if (actual.length > 0) fail('findings', 'none', actual.join(', '));
    return;
  }
  const missing = wanted.filter((code) => !actual.includes(code));
  if (missing.length > 0)
    fail('findings', wanted.join(', '), actual.length === 0 ? 'none' : actual.join(', '));
}

function checkSinks(testCase: LoadedCase, rendered: RenderedOutcome, fail: Fail): void {
  for (const sink of SINK_NAMES) {
    const wanted = testCase.expect.sinks?.[sink];
    if (wanted === undefined) continue;
    const { text, findings } = rendered.sinks[sink];
    const name = (kind: string, index: number): string => `sinks.${sink}.${kind}[${index}]`;
    for (const [i, needle] of (wanted.contains ?? []).entries()) {
      if (!text.includes(needle)) fail(name('contains', i), 'present', 'absent');
    }
    for (const [i, needle] of (wanted.notContains ?? []).entries()) {
      const at = text.indexOf(needle);
      if (at !== -1) fail(name('notContains', i), 'absent', `present at character ${at}`);
    }
    for (const [i, pattern] of (testCase.patterns[sink] ?? []).entries()) {
      if (!pattern.test(text)) fail(name('matches', i), 'a match', 'no match');
    }
    checkSinkFindings(sink, wanted.findings ?? [], findings, fail);
  }
}

function checkSinkFindings(
  sink: SinkName,
  wanted: readonly string[],
  actual: readonly string[],
  fail: Fail,
): void {
  const missing = wanted.filter((code) => !actual.includes(code));
  if (missing.length > 0) {
    const seen = [...new Set(actual)];
    fail(`sinks.${sink}.findings`, wanted.join(', '), seen.length === 0 ? 'none' : seen.join(', '));
  }
}
