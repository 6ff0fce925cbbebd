// What a stage is: a function from the previous stage's typed result to its own, or a stop with an issue.
import type { RequestContext } from '../bind/rules.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { LocatedHiddenPayload } from '../walk/sanitize-value.js';
import type { Finding } from '../vocabulary/finding.js';
import type { Issue } from '../vocabulary/issue.js';
import type { StageName } from '../vocabulary/stages.js';

/** The fixed facts of one call that every stage may read. Never changed once the call starts. */
export interface CallFrame {
  readonly tool: ToolDefinition<unknown>;
  readonly context: RequestContext;
  readonly signal: AbortSignal | undefined;
  readonly clock: () => number;
}

/** The bytes as received, kept for evidence even when the read fails. */
export interface Received {
  readonly raw: Uint8Array;
  readonly rawBytes: number;
}

/** What a stage adds to the operator's record of the call, whether it goes on or stops. */
export interface StageReport {
  readonly received?: Received;
  readonly decodedBytes?: number;
  readonly findings?: readonly Finding[];
  readonly hidden?: readonly LocatedHiddenPayload[];
}

/** A stage ending the call with an issue. */
export interface StageStop {
  readonly ok: false;
  readonly issue: Issue;
  readonly retryable: boolean;
  /** The tool's own finite failure code, when its contract declares one. */
  readonly upstreamCode?: string;
}

/** What one stage returns: its typed result and go on, or a stop; with what it adds to the record. */
export type StageResult<Out> = ({ readonly ok: true; readonly value: Out } | StageStop) & {
  readonly report?: StageReport;
};

/** One stage: reads the previous stage's result and the call's frame, returns its own result. */
export type Stage<In, Out> = (input: In, frame: CallFrame) => StageResult<Out> | Promise<StageResult<Out>>;

/** Goes on with a value. */
export function next<Out>(value: Out, report?: StageReport): StageResult<Out> {
  return report === undefined ? { ok: true, value } : { ok: true, value, report };
}

/** Stops the call with an issue that is not worth retrying. */
export function stop(issue: Issue, report?: StageReport): StageResult<never> {
  return report === undefined
    ? { ok: false, issue, retryable: false }
    : { ok: false, issue, retryable: false, report };
}

/** A named entry of the stage table. */
export type StageEntry<In, Out> = readonly [StageName, Stage<In, Out>];

/**
 * The table's type check: each stage takes exactly what the one before it returns, starting from `Start`.
 * A table whose stages do not chain resolves to `never` here, so skipping or reordering one does not compile.
 */
export type Chained<Table extends readonly unknown[], Start> = Table extends readonly [
  infer First,
  ...infer Rest,
]
  ? First extends StageEntry<infer In, infer Out>
    ? [Start] extends [In]
      ? readonly [First, ...Chained<Rest, Out>]
      : never
    : never
  : readonly [];

/** The result type of the last stage of a chained table. */
export type ChainEnd<Table extends readonly unknown[]> = Table extends readonly [
  ...unknown[],
  StageEntry<never, infer Out>,
]
  ? Out
  : never;
