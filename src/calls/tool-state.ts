// A tool's run-time state and approval pin, and the store interface every backend implements.

/**
 * What a tool's results may do right now (one misbehaving tool can be isolated on its own): `active` results
 * pass the gate as usual; `metadata-only` results are projected down to identifiers and status; `offline`
 * tools are not called and end as `tool_unavailable`.
 */
export const TOOL_STATES = Object.freeze(['active', 'metadata-only', 'offline'] as const);

/** One tool state. */
export type ToolState = (typeof TOOL_STATES)[number];

/** True when a value names a tool state. */
export function isToolState(value: unknown): value is ToolState {
  return typeof value === 'string' && (TOOL_STATES as readonly string[]).includes(value);
}

/** The state a stored value that is not a known state is read as: the safest one. */
export const UNREADABLE_STATE: ToolState = 'offline';

/** The state of a tool no one has set a state for. */
export const DEFAULT_STATE: ToolState = 'active';

/**
 * The record name whose state applies to every tool: the kill switch. A tool's state in force is the more
 * restrictive of its own and this one (`offline` over `metadata-only` over `active`).
 */
export const ALL_TOOLS = '*';

/** The more restrictive of two states. */
export function stricterState(a: ToolState, b: ToolState): ToolState {
  return TOOL_STATES.indexOf(a) >= TOOL_STATES.indexOf(b) ? a : b;
}

/** Which definition of a tool is kept: the latest a server published, or the one an operator pinned. */
export type DefinitionKind = 'published' | 'pinned';

/** A kept definition: its canonical JSON (RFC 8785), that text's SHA-256, and when it was kept. */
export interface KeptDefinition {
  readonly hash: string;
  readonly definition: string;
  /** Epoch milliseconds. */
  readonly at: number;
}

/** What is stored per tool name. */
export interface ToolRecord {
  readonly name: string;
  /** The approved definition's canonical hash (SHA-256 hex), or null when none is approved. */
  readonly hash: string | null;
  /** The approved definition's hash without its name (spots the same definition under a new name). */
  readonly bodyHash: string | null;
  readonly state: ToolState;
  /** Epoch milliseconds of the last change. */
  readonly updatedAt: number;
}

/**
 * Shared storage of tool records, so every instance sees the same approvals and states. Each method resolves
 * once the change is visible to other instances. Implemented for memory, SQLite, PostgreSQL and Redis.
 */
export interface ToolStateStore {
  /** The record of a tool, if any. */
  get(name: string): Promise<ToolRecord | undefined>;
  /** The names whose approved definition has this body hash, in code-unit order. */
  namesWithBody(bodyHash: string): Promise<readonly string[]>;
  /** Pins an approved definition (creating the record in state `active`, or keeping its state). */
  pin(name: string, hash: string, bodyHash: string, at: number): Promise<void>;
  /** Removes a tool's approval (its state is kept). Resolves false when it had none. */
  unpin(name: string, at: number): Promise<boolean>;
  /** Sets a tool's state (creating an unapproved record when there is none). */
  setState(name: string, state: ToolState, at: number): Promise<void>;
  /**
   * Keeps a definition of a tool as the latest of its kind (one published and one pinned per tool, so a
   * server that keeps changing its definitions cannot grow the store), for review: `airlock tools show`.
   */
  keepDefinition(name: string, kind: DefinitionKind, kept: KeptDefinition): Promise<void>;
  /** The kept definition of a tool of that kind, if any. */
  definition(name: string, kind: DefinitionKind): Promise<KeptDefinition | undefined>;
  /** Every tool name with a record or a kept definition, in code-unit order. */
  names(): Promise<readonly string[]>;
  /** Releases what the store opened itself. */
  close(): Promise<void>;
}
