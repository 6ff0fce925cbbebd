// A session: what one agent run may do (its grant and allowlist), its policy, and its memory of tool output.
import { createOutputMemory, type OutputMemory, type OutputMemoryOptions } from './output-memory.js';
import { checkCapabilityList, type Permissions } from './permissions.js';

/** What a call whose grant falls short becomes: refused, or put to a person. */
export type MissingGrantPolicy = 'deny' | 'ask';

/** How a session is set up. */
export interface SessionOptions {
  /** An identifier for audit records (letters, digits, `_ . : -`; up to 128). */
  readonly id: string;
  /** The capabilities this session holds. */
  readonly grant: readonly string[];
  /** The catalogue tools this session may call at all. */
  readonly allowlist: readonly string[];
  /** A call the grant does not cover: `deny` (default) or `ask`. */
  readonly onMissingGrant?: MissingGrantPolicy;
  /** Bounds of the memory of untrusted output. */
  readonly memory?: OutputMemoryOptions;
}

/** A checked session. Its grant and allowlist are fixed; its memory fills as tool output arrives. */
export interface Session {
  readonly id: string;
  readonly permissions: Permissions;
  readonly grant: readonly string[];
  readonly allowlist: readonly string[];
  readonly onMissingGrant: MissingGrantPolicy;
  readonly memory: OutputMemory;
}

const SESSION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Creates a session under a catalogue. Throws a TypeError on a malformed id, a grant outside the vocabulary,
 * an allowlisted tool the catalogue does not hold, or an unknown missing-grant policy.
 */
export function createSession(permissions: Permissions, options: SessionOptions): Session {
  if (!SESSION_ID.test(options.id)) throw new TypeError('A session id is 1–128 of A-Z a-z 0-9 _ . : -.');
  const grant = checkCapabilityList(options.grant, permissions.capabilities, 'The session grant');
  // Checked as unknown values: sessions are often built from configuration files, where the types are a hope.
  const allowlist: unknown = options.allowlist;
  if (!Array.isArray(allowlist)) throw new TypeError('The allowlist must be an array of tool names.');
  for (const name of allowlist as unknown[]) {
    if (typeof name !== 'string' || permissions.tool(name) === undefined) {
      throw new TypeError('The allowlist names a tool the catalogue does not hold.');
    }
  }
  const policy: unknown = options.onMissingGrant ?? 'deny';
  if (policy !== 'deny' && policy !== 'ask') throw new TypeError('onMissingGrant must be deny or ask.');
  const onMissingGrant: MissingGrantPolicy = policy;
  return Object.freeze({
    id: options.id,
    permissions,
    grant,
    allowlist: Object.freeze([...new Set(options.allowlist)]),
    onMissingGrant,
    memory: createOutputMemory(options.memory),
  });
}
