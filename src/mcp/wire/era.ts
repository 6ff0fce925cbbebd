// The protocol era of a connection, learned from the SDK: from revision 2026-07-28 on, every message carries an envelope.
import type { JsonRpcMessage } from './json-rpc.js';

/** The `_meta` keys of the 2026-07-28 protocol that the wire layer reads or writes. */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});

/** The first revision of the sessionless protocol (revisions are dates: later ones sort after it). */
const FIRST_MODERN_REVISION = '2026-07-28';

/** Who the adapter says it is when it has to speak before the client has sent an envelope of its own. */
const OWN_INFO = Object.freeze({ name: 'agent-airlock', version: 'unknown' });

/** The era of one connection, as the SDK's own traffic shows it. */
export interface Era {
  /** Notes a message the SDK sends: the client's identity and capabilities, when it carries an envelope. */
  observe(message: JsonRpcMessage): void;
  /** The revision the SDK negotiated (it tells the transport through `setProtocolVersion`). */
  setVersion(version: string): void;
  /** True once a revision of 2026-07-28 or later was negotiated. */
  isModern(): boolean;
  /**
   * `params` with the envelope the era asks for: on 2026-07-28 and later, `_meta` carrying the negotiated
   * revision and the client's identity and capabilities as its own requests state them; unchanged before.
   */
  stamp(params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
}

/**
 * Tracks the era. The client negotiates (an `initialize` handshake, or a `server/discover` probe from
 * 2026-07-28 on) and reports the revision; its requests' envelopes say who it is. The adapter's requests
 * then carry the same envelope, so a sessionless server takes them as it takes the client's. Before the
 * client has sent an envelope (a connection resumed from a stored discovery), the adapter states its own
 * name and no capabilities.
 */
export function createEra(): Era {
  let version: string | undefined;
  let clientInfo: unknown = OWN_INFO;
  let clientCapabilities: unknown = {};
  return {
    observe(message) {
      const meta = (message.params as { _meta?: unknown } | undefined)?._meta;
      if (typeof meta !== 'object' || meta === null) return;
      const envelope = meta as Readonly<Record<string, unknown>>;
      if (typeof envelope[META.protocolVersion] !== 'string') return;
      if (isObject(envelope[META.clientInfo])) clientInfo = envelope[META.clientInfo];
      if (isObject(envelope[META.clientCapabilities])) clientCapabilities = envelope[META.clientCapabilities];
    },
    setVersion(negotiated) {
      version = negotiated;
    },
    isModern: () => version !== undefined && version >= FIRST_MODERN_REVISION,
    stamp(params) {
      if (version === undefined || version < FIRST_MODERN_REVISION) return params;
      const envelope = {
        [META.protocolVersion]: version,
        [META.clientInfo]: clientInfo,
        [META.clientCapabilities]: clientCapabilities,
      };
      return { ...params, _meta: envelope };
    },
  };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
