// The operator's record of one call through the gate: what happened and where, never the payload.
import type { AgentCode } from '../vocabulary/codes.js';
import type { Issue } from '../vocabulary/issue.js';
import type { StageName } from '../vocabulary/stages.js';
import type { Finding } from '../vocabulary/finding.js';

/** One audit record per call. Sizes, digests, codes and redacted locations: never tool output. */
export interface AuditRecord {
  readonly type: 'tool.result';
  /** When the call finished (RFC 3339). */
  readonly time: string;
  readonly tool: string;
  readonly schemaVersion: string;
  readonly requestId: string;
  readonly tenant?: string;
  readonly outcome: 'accepted' | 'rejected';
  /** The agent-facing code of a rejection. */
  readonly code?: AgentCode;
  /** The detailed reason of a rejection: stage, detailed code, pointer, offset, limit. */
  readonly issue?: Issue;
  /** Bytes received from the transport. */
  readonly rawBytes: number;
  /** Bytes after decompression (when the read got that far). */
  readonly decodedBytes?: number;
  /** SHA-256 of the received bytes, hex. */
  readonly sha256: string;
  /** Reference id of the raw bytes in the evidence vault. */
  readonly evidence?: string;
  /** Sanitizer hits. */
  readonly findings: readonly Finding[];
  /** Upstream status code, when the transport stated one. */
  readonly status?: number;
  /** Milliseconds spent in each stage that ran. */
  readonly timings: Readonly<Partial<Record<StageName, number>>>;
  /** Smuggled text decoded by a purpose; present only when the gate is created with `revealHidden`. */
  readonly revealed?: ReadonlyArray<{
    readonly pointer: string;
    readonly kind: string;
    readonly decoded: string;
  }>;
}

/** Where audit records go. A sink may be asynchronous; the gate awaits it before returning the outcome. */
export interface AuditSink {
  write(record: AuditRecord): void | Promise<void>;
}
