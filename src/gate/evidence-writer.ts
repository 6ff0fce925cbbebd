// What the gate needs from an evidence vault: a place to put raw bytes that answers with a reference id.
import type { EvidenceMeta } from '../evidence/record.js';

/** Anything that can keep raw bytes and return an unguessable reference id (an evidence vault). */
export interface EvidenceWriter {
  put(raw: Uint8Array, meta: EvidenceMeta): Promise<string>;
}

/** The tenant label of evidence from a call whose context names no tenant. */
export const NO_TENANT = '-';
