// A tool definition as published (name, description, schemas, annotations), and its canonical hashes.
import type { JsonValue } from '../json/types.js';
import { deepFreeze } from '../vocabulary/deep-freeze.js';
import { canonicalHash } from './canonical-hash.js';

/** The parts of a published tool definition that are pinned: every one of them can change what a model does. */
export interface ToolDefinitionSnapshot {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: JsonValue;
  readonly outputSchema?: JsonValue;
  /** Hints such as `readOnlyHint`: pinned like the rest, and never a source of permission. */
  readonly annotations?: JsonValue;
}

/** The two hashes of a definition: with its name, and without (the same body under another name). */
export interface DefinitionHashes {
  readonly hash: string;
  readonly bodyHash: string;
}

/** A snapshot and its hashes, or why the published value cannot be pinned. */
export type SnapshotResult =
  | {
      readonly ok: true;
      readonly snapshot: ToolDefinitionSnapshot;
      readonly hashes: DefinitionHashes;
      /** The snapshot as RFC 8785 canonical JSON: the text `hashes.hash` is the SHA-256 of. */
      readonly canonical: string;
    }
  | { readonly ok: false; readonly code: 'definition.invalid_name' | 'definition.not_json' };

/** A tool name the registry accepts (the gate's tool-name shape). */
export const REGISTRY_TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const PINNED_FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** Definitions frozen by {@link sealDefinition} or made here: nobody can change them, so their snapshot holds. */
const SEALED = new WeakSet<object>();
/** The snapshot of each sealed definition, taken once. */
const SNAPSHOTS = new WeakMap<object, SnapshotResult>();

/**
 * Deep-freezes a definition (as parsed from a listing) so that {@link snapshotDefinition} hashes it once: a
 * listing repeated before every call, and the contract looked up for every call, then cost no hashing.
 */
export function sealDefinition<T extends object>(published: T): T {
  SEALED.add(deepFreeze(published));
  return published;
}

/**
 * Takes the pinned parts of a published definition (an MCP `Tool`, or one an application writes) and hashes
 * them: SHA-256 over the RFC 8785 canonical JSON, once with the name and once without. Other members
 * (`_meta`, icons) are not pinned. Never throws: a name outside `A-Z a-z 0-9 _ . -` (1–64) or a part that is
 * not JSON is refused.
 */
export function snapshotDefinition(published: unknown): SnapshotResult {
  if (typeof published !== 'object' || published === null) return { ok: false, code: 'definition.not_json' };
  let taken = SNAPSHOTS.get(published);
  if (taken === undefined) {
    taken = takeSnapshot(published);
    if (SEALED.has(published)) SNAPSHOTS.set(published, taken);
  }
  return taken;
}

function takeSnapshot(published: object): SnapshotResult {
  const source = published as Record<string, unknown>;
  const name = Object.hasOwn(source, 'name') ? source.name : undefined;
  if (typeof name !== 'string' || !REGISTRY_TOOL_NAME.test(name))
    return { ok: false, code: 'definition.invalid_name' };
  const body: Record<string, unknown> = {};
  for (const field of PINNED_FIELDS) {
    if (Object.hasOwn(source, field) && source[field] !== undefined) body[field] = source[field];
  }
  const withName = canonicalHash({ name, ...body });
  const withoutName = canonicalHash(body);
  if (!withName.ok || !withoutName.ok) return { ok: false, code: 'definition.not_json' };
  const snapshot = sealDefinition(JSON.parse(withName.text) as ToolDefinitionSnapshot);
  const hashes = Object.freeze({ hash: withName.sha256, bodyHash: withoutName.sha256 });
  const taken = Object.freeze({ ok: true, snapshot, hashes, canonical: withName.text } as const);
  SNAPSHOTS.set(snapshot, taken);
  return taken;
}
