// What one proxy runs with, resolved from the config file and the flags: the upstream, the policies, the stores.
import type { ToolEffect } from '../calls/permissions.js';
import type { MissingGrantPolicy } from '../calls/session.js';
import type { EgressPolicy } from '../egress/policy.js';
import type { InstructionPolicy } from '../purposes/text/instruction.js';
import type { WrapMode } from '../../sinks/prompt/boundary.js';

/** The server the proxy stands in front of: a command it spawns, or a Streamable HTTP endpoint. */
export type UpstreamSpec =
  | {
      readonly kind: 'command';
      readonly command: string;
      readonly args: readonly string[];
      /** Variables the server gets beyond the safe inherited subset. */
      readonly env: Readonly<Record<string, string>>;
      readonly cwd?: string;
    }
  | { readonly kind: 'url'; readonly url: string };

/** Where the proxy serves its client: its own standard input and output, or HTTP on a host and port. */
export type FrontSpec =
  { readonly kind: 'stdio' } | { readonly kind: 'http'; readonly host: string; readonly port: number };

/** How tool definitions are approved: `none` quarantines every tool until an operator approves it. */
export type ApprovalMode = 'none' | 'first-use';

/** What the configuration says about one tool. */
export interface ToolRule {
  /** What the tool does; `write` when absent (the cautious default). */
  readonly effect?: ToolEffect;
  /** Capabilities the grant must hold for a call without asking. */
  readonly requires?: readonly string[];
}

/** Everything a running proxy needs to know. */
export interface ProxySettings {
  /** The server's name: the prefix of its tools in the shared store, and its untrusted-source label. */
  readonly name: string;
  readonly upstream: UpstreamSpec;
  readonly front: FrontSpec;
  readonly approve: ApprovalMode;
  /** Tenant of every evidence record and audit record. */
  readonly tenant: string;
  /** Where links and images in results may point. */
  readonly policy: EgressPolicy;
  /** How prose is wrapped for the model. */
  readonly wrapMode: WrapMode;
  /**
   * Text shaped like instructions to the assistant in results: not examined (`ignore`, the default), flagged
   * with a notice and the `text.instruction` code (`report`), or the result refused (`reject`).
   */
  readonly instructions: InstructionPolicy;
  /** Tools that may be called (all, when absent), and tools that may never be. */
  readonly allow?: readonly string[];
  readonly deny: readonly string[];
  /** Capabilities this proxy's sessions hold, and what a call the grant does not cover becomes. */
  readonly grant: readonly string[];
  readonly onMissingGrant: MissingGrantPolicy;
  readonly tools: Readonly<Record<string, ToolRule>>;
  /** Contract files (JSON, or modules exporting one) for tools' `structuredContent`, by tool name. */
  readonly contracts: Readonly<Record<string, string>>;
  /** Every call refused, whatever the store says. */
  readonly killSwitch: boolean;
  /** The store of evidence and tool state: a SQLite file, or a postgres:// or redis:// URL. */
  readonly store: string;
  /** The key file of the evidence vault (created on first use when missing). */
  readonly keyFile: string;
  /** Where audit records are appended, one JSON line each. */
  readonly auditLog: string;
  /** Ceiling on one upstream message, in bytes. */
  readonly maxMessageBytes: number;
  /** Deadline of one upstream call, in milliseconds. */
  readonly timeoutMs: number;
  /** How long a person has to answer a confirmation, in milliseconds. */
  readonly confirmTimeoutMs: number;
}
