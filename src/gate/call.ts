// The state of one call through the gate, which each stage extends with what it established.
import type { RequestContext } from '../bind/rules.js';
import type { JsonValue } from '../json/types.js';
import type { Finding } from '../purposes/finding.js';
import type { Projected } from '../project/projection.js';
import type { PurposeIndex } from '../purposes/purpose-index.js';
import type { LocatedHiddenPayload } from '../purposes/sanitize-value.js';
import type { RawInput } from '../read/input.js';
import type { ToolDefinition } from './define-tool.js';
import type { Issue } from './issue.js';

/**
 * One call's state. Created per call and never shared: each stage reads what earlier stages established and
 * records its own result in the field named after it.
 */
export interface Call {
  readonly tool: ToolDefinition<unknown>;
  readonly context: RequestContext;
  readonly input: RawInput;
  readonly signal: AbortSignal | undefined;
  readonly clock: () => number;
  /** The bytes as received (kept for evidence even when the read fails). */
  received?: { readonly raw: Uint8Array; readonly rawBytes: number };
  read?: { readonly text: string; readonly decodedBytes: number };
  parsed?: JsonValue;
  sanitized?: { readonly value: unknown; readonly purposes: PurposeIndex };
  projected?: Projected;
  findings: Finding[];
  hidden: LocatedHiddenPayload[];
}

/** What one stage decided: go on, or stop with an issue. */
export type StageStep =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly issue: Issue;
      readonly retryable: boolean;
      readonly upstreamCode?: string;
    };

/** One stage: reads the call, records its result on it, and says whether the call goes on. */
export type Stage = (call: Call) => StageStep | Promise<StageStep>;

/** The step that stops a call with an issue that is not worth retrying. */
export function stop(issue: Issue): StageStep {
  return { ok: false, issue, retryable: false };
}

/** Reads a field an earlier stage must have set; its absence is a defect in the stage table. */
export function established<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`internal: stage order broken, ${what} missing`);
  return value;
}
