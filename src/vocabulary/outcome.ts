// ToolOutcome: what every call through the gate ends as — a validated success or a typed failure.
import type { Finding } from './finding.js';
import type { PurposeKind } from './purpose-kinds.js';
import type { AgentCode } from './codes.js';

/** Facts about the call that both branches carry. Small, and free of tool output. */
export interface OutcomeMeta {
  /** The tool's name. */
  readonly tool: string;
  /** The contract version the result was checked against. */
  readonly schemaVersion: string;
  /** The request id from the trusted context. */
  readonly requestId: string;
  /** Reference id of the raw response in the evidence vault, when a vault is configured. */
  readonly evidence?: string;
  /** Sanitizer hits: codes, counts and redacted locations. */
  readonly findings: readonly Finding[];
}

/** Facts an accepted outcome adds: the purpose of each string in `data`, so sinks never guess. */
export interface SuccessMeta extends OutcomeMeta {
  /**
   * Exact JSON pointer of each string in `data` → its purpose. A string missing here renders as inert text.
   * Built when first read (then the same object on every read); enumerable, so JSON and spreads carry it.
   */
  readonly purposes: Readonly<Record<string, PurposeKind>>;
}

/** Facts a failed outcome adds. */
export interface FailureMeta extends OutcomeMeta {
  /** The tool's own finite failure code (from a contract's failure variant), when it declared one. */
  readonly upstreamCode?: string;
}

/** A complete, validated, bound, sanitized and projected success value. */
export interface ToolSuccess<T> {
  readonly ok: true;
  readonly data: T;
  readonly meta: SuccessMeta;
}

/** A typed failure: the agent sees a finite code and whether retrying makes sense, nothing else. */
export interface ToolFailure {
  readonly ok: false;
  readonly error: { readonly code: AgentCode; readonly retryable: boolean };
  readonly meta: FailureMeta;
}

/** Exactly one of these ends every call through the gate. */
export type ToolOutcome<T> = ToolSuccess<T> | ToolFailure;
