// What the gate needs from an evidence vault: a place to put raw bytes that answers with a reference id.

/** What a caller says about the raw bytes it stores: trusted context, never taken from the bytes. */
export interface EvidenceMeta {
  /** The tool whose response the bytes are. */
  readonly tool: string;
  /** The version of the tool's contract the response was checked against. */
  readonly schemaVersion: string;
  /** The tenant the request ran for; only a principal of this tenant may read the record. */
  readonly tenant: string;
  /** The id of the request that caused the response. */
  readonly requestId: string;
}

/** The exact shape of a reference id: `ev_` and 32 base64url characters (24 random bytes). */
export const EVIDENCE_REF_PATTERN = /^ev_[A-Za-z0-9_-]{32}$/;

/** Anything that can keep raw bytes and return an unguessable reference id (an evidence vault). */
export interface EvidenceWriter {
  /**
   * Stores `raw` and returns a promise of its reference id, of the vault's shape ({@link EVIDENCE_REF_PATTERN}).
   * A put that returns anything but a promise (or thenable), or resolves to anything but such an id, fails the
   * call closed (`internal.evidence_unavailable`): the outcome never names evidence that may not exist.
   */
  put(raw: Uint8Array, meta: EvidenceMeta): Promise<string>;
}

/** The tenant label of evidence from a call whose context names no tenant. */
export const NO_TENANT = '-';
