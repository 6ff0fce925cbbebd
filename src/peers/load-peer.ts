// Loads an optional peer package on first use, and names the package to install when it is missing.
import { createRequire } from 'node:module';

/** The optional peer packages a feature may load, with the major version Airlock is tested against. */
export const OPTIONAL_PEERS = Object.freeze({
  'better-sqlite3': '12',
  pg: '8',
  ioredis: '5',
} as const);

/** An optional peer package. */
export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/** A feature needs an optional peer package that is not installed (configuration, not content). */
export class MissingPeerError extends Error {
  /** Stable code for callers that branch on it. */
  readonly code = 'peer.missing';
  override readonly name = 'MissingPeerError';

  constructor(
    /** The package to install. */
    readonly peer: OptionalPeer,
    feature: string,
  ) {
    super(`${feature} needs the optional package "${peer}": npm install ${peer}@${OPTIONAL_PEERS[peer]}`);
  }
}

const loaded = new Map<OptionalPeer, unknown>();
const requireHere = createRequire(import.meta.url);

/**
 * Loads an optional peer (CommonJS) synchronously, once; the caller states its type. Throws {@link MissingPeerError} naming the package
 * when it cannot be found; any other load failure (a native module built for another Node) is rethrown.
 */
export function loadPeer(peer: OptionalPeer, feature: string): unknown {
  if (loaded.has(peer)) return loaded.get(peer);
  let module: unknown;
  try {
    module = requireHere(peer);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND')
      throw new MissingPeerError(peer, feature);
    throw error;
  }
  loaded.set(peer, module);
  return module;
}
