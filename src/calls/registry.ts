// The tool registry: definitions pinned by canonical hash on approval, rug pulls quarantined, run-time states shared.
import { snapshotDefinition, type SnapshotResult, type ToolDefinitionSnapshot } from './tool-definition.js';
import {
  ALL_TOOLS,
  DEFAULT_STATE,
  isToolState,
  stricterState,
  type DefinitionKind,
  type ToolState,
  type ToolStateStore,
} from './tool-state.js';
import { DEFAULT_IO_TIMEOUT_MS, settleWithin, type WaitBounds } from '../vocabulary/settle-within.js';

/** Why a published definition is quarantined. */
export type QuarantineReason = 'unapproved' | 'changed' | 'renamed' | 'invalid';

/** The registry's verdict on a published definition. */
export type ReviewVerdict =
  | {
      readonly status: 'approved';
      readonly name: string;
      readonly hash: string;
      /** The definition as reviewed (its pinned parts). */
      readonly definition: ToolDefinitionSnapshot;
    }
  | {
      readonly status: 'quarantined';
      /** The published name when it is a valid one; absent for an `invalid` definition. */
      readonly name?: string;
      readonly hash?: string;
      /** The definition as reviewed, when it could be read (absent for an `invalid` one). */
      readonly definition?: ToolDefinitionSnapshot;
      readonly reason: QuarantineReason;
      /** For `renamed`: the approved names that have this very definition. */
      readonly sameAs?: readonly string[];
    };

/** Whether this instance may use a tool now, and its shared run-time state. */
export interface ToolStatus {
  /** The definition this instance last reviewed is the one approved (its hash equals the stored pin). */
  readonly approved: boolean;
  readonly state: ToolState;
  /** The approved definition as reviewed, when approved (its output schema may then serve as a contract). */
  readonly definition?: ToolDefinitionSnapshot;
}

/** The registry. Approvals and states live in the shared store; reviews are per instance. */
export interface ToolRegistry {
  /** Approves a definition (an operator's act): pins its hash, and records it as this instance's reviewed one. */
  approve(published: unknown): Promise<ReviewVerdict>;
  /** Reviews a published definition against the pins; a mismatch quarantines the tool until approved again. */
  review(published: unknown): Promise<ReviewVerdict>;
  /** Withdraws a tool's approval everywhere. */
  revoke(name: string): Promise<boolean>;
  /**
   * The tool's status (read from the shared store each time, so changes elsewhere apply at once). Its state is
   * the stricter of the tool's own and the kill switch's (`ALL_TOOLS`).
   */
  status(name: string): Promise<ToolStatus>;
  /**
   * Sets a tool's run-time state for every instance; `ALL_TOOLS` (`*`) sets the kill switch, which holds every
   * tool at least that strictly. Throws a TypeError on an unknown state.
   */
  setState(name: string, state: ToolState): Promise<void>;
}

/** What an unreadable registry means for a tool: not approved, and taken offline (fail closed). */
export const UNREADABLE_STATUS: ToolStatus = Object.freeze({ approved: false, state: 'offline' });

/**
 * The tool's status, or {@link UNREADABLE_STATUS} when the registry cannot say: its `status` throws, rejects,
 * answers something that is not a status, or does not answer within the deadline (2 s unless `bounds` says
 * otherwise) or before the caller's signal fires. Never rejects.
 */
export async function statusOrClosed(
  registry: ToolRegistry,
  name: string,
  bounds: WaitBounds = { timeoutMs: DEFAULT_IO_TIMEOUT_MS },
): Promise<ToolStatus> {
  const settled = await settleWithin<unknown>(() => registry.status(name), bounds);
  return settled.kind === 'value' && isToolStatus(settled.value) ? settled.value : UNREADABLE_STATUS;
}

function isToolStatus(value: unknown): value is ToolStatus {
  if (typeof value !== 'object' || value === null) return false;
  const { approved, state } = value as Partial<Record<keyof ToolStatus, unknown>>;
  return typeof approved === 'boolean' && isToolState(state);
}

/** Options of {@link createToolRegistry}. */
export interface ToolRegistryOptions {
  readonly store: ToolStateStore;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly clock?: () => number;
}

/**
 * Creates a registry over a shared store. A definition (name, title, description, input and output schema,
 * annotations) is identified by the SHA-256 of its RFC 8785 canonical JSON. Reviewing it answers `approved`
 * only when that hash is the pinned one; otherwise the tool is quarantined — `changed` (a pinned tool whose
 * definition moved: a rug pull), `renamed` (an approved definition published under a new name), `unapproved`
 * (never approved), `invalid` (not pinnable) — and stays unusable until an operator approves it again.
 * Annotations are pinned as text and grant nothing.
 */
export function createToolRegistry(options: ToolRegistryOptions): ToolRegistry {
  const { store } = options;
  const clock = options.clock ?? Date.now;
  const reviewed = new Map<string, { readonly hash: string; readonly snapshot: ToolDefinitionSnapshot }>();
  // What this instance already kept, so a listing repeated every few seconds does not rewrite the store.
  const keptHashes = new Map<string, string>();
  const keep = async (taken: Taken, kind: DefinitionKind): Promise<void> => {
    const key = `${kind}\n${taken.snapshot.name}`;
    if (keptHashes.get(key) === taken.hashes.hash) return;
    const kept = { hash: taken.hashes.hash, definition: taken.canonical, at: clock() };
    await store.keepDefinition(taken.snapshot.name, kind, kept);
    keptHashes.set(key, taken.hashes.hash);
  };

  return Object.freeze({
    async approve(published: unknown): Promise<ReviewVerdict> {
      const taken = snapshotDefinition(published);
      if (!taken.ok) return { status: 'quarantined', reason: 'invalid' };
      const { snapshot, hashes } = taken;
      await store.pin(snapshot.name, hashes.hash, hashes.bodyHash, clock());
      await keep(taken, 'pinned');
      reviewed.set(snapshot.name, { hash: hashes.hash, snapshot });
      return { status: 'approved', name: snapshot.name, hash: hashes.hash, definition: snapshot };
    },
    async review(published: unknown): Promise<ReviewVerdict> {
      const taken = snapshotDefinition(published);
      if (!taken.ok) return { status: 'quarantined', reason: 'invalid' };
      const { snapshot, hashes } = taken;
      const { name } = snapshot;
      const { hash, bodyHash } = hashes;
      reviewed.set(name, { hash, snapshot });
      await keep(taken, 'published');
      const record = await store.get(name);
      const seen = { name, hash, definition: snapshot };
      if (record?.hash === hash) return { status: 'approved', ...seen };
      if (record?.hash != null) return { status: 'quarantined', ...seen, reason: 'changed' };
      const sameAs = (await store.namesWithBody(bodyHash)).filter((other) => other !== name);
      if (sameAs.length > 0) return { status: 'quarantined', ...seen, reason: 'renamed', sameAs };
      return { status: 'quarantined', ...seen, reason: 'unapproved' };
    },
    revoke: (name: string) => store.unpin(name, clock()),
    async status(name: string): Promise<ToolStatus> {
      const [record, all] = await Promise.all([store.get(name), store.get(ALL_TOOLS)]);
      const state = stricterState(record?.state ?? DEFAULT_STATE, all?.state ?? DEFAULT_STATE);
      const seen = reviewed.get(name);
      if (seen === undefined || record?.hash !== seen.hash) return { approved: false, state };
      return { approved: true, state, definition: seen.snapshot };
    },
    async setState(name: string, state: ToolState): Promise<void> {
      if (!isToolState(state)) throw new TypeError('A tool state is active, metadata-only or offline.');
      await store.setState(name, state, clock());
    },
  });
}

/** A definition that could be snapshot. */
type Taken = Extract<SnapshotResult, { readonly ok: true }>;
