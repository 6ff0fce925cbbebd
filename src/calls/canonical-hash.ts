// SHA-256 over the RFC 8785 canonical form: one stable digest for equal JSON values, however written.
import { createHash } from 'node:crypto';
import { canonicalize, type CanonicalFailureCode } from './jcs.js';

/** A digest with the canonical text it was taken over, or why the value has no canonical form. */
export type CanonicalHashResult =
  | { readonly ok: true; readonly text: string; readonly sha256: string }
  | { readonly ok: false; readonly code: CanonicalFailureCode; readonly pointer: string };

/** The lower-case hex SHA-256 of the value's canonical UTF-8 text (RFC 8785 section 3.1). */
export function canonicalHash(value: unknown): CanonicalHashResult {
  const canonical = canonicalize(value);
  if (!canonical.ok) return canonical;
  return { ok: true, text: canonical.text, sha256: sha256Hex(canonical.text) };
}

/** The lower-case hex SHA-256 of a string's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
