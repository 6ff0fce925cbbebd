// Evidence reference ids: unguessable random ids with a recognisable prefix, and their format check.
import { randomBytes } from 'node:crypto';
import { EVIDENCE_REF_PATTERN } from '../vocabulary/evidence-writer.js';
import { EVIDENCE_REF_PREFIX, EVIDENCE_REF_RANDOM_BYTES } from './defaults.js';

declare const evidenceRefBrand: unique symbol;

/** A reference id to one evidence record, such as `ev_…` (prefix and 32 base64url characters). */
export type EvidenceRef = string & { readonly [evidenceRefBrand]: 'EvidenceRef' };

/** A fresh reference id from 192 bits of `crypto.randomBytes`. */
export function newEvidenceRef(): EvidenceRef {
  return (EVIDENCE_REF_PREFIX + randomBytes(EVIDENCE_REF_RANDOM_BYTES).toString('base64url')) as EvidenceRef;
}

/** True when a value has the exact shape of a reference id (checked before any lookup). */
export function isEvidenceRef(value: unknown): value is EvidenceRef {
  return typeof value === 'string' && EVIDENCE_REF_PATTERN.test(value);
}
