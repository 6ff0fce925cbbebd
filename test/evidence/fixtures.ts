// Test helpers for the evidence tests: key rings, synthetic rows, and a recording audit hook.
import { createHash, randomBytes } from 'node:crypto';
import type { EvidenceAuditEvent, EvidenceAuditHook } from '../../src/evidence/audit.js';
import { buildKeyRing, createStaticKeyProvider } from '../../src/evidence/keys.js';
import type { KeyProvider, KeyRing } from '../../src/evidence/keys.js';
import type { EvidenceRow } from '../../src/evidence/record.js';
import { newEvidenceRef } from '../../src/evidence/ref.js';

/** A fresh ring of random keys with the given ids; the first is current unless `current` says otherwise. */
export function randomKeyRing(ids: readonly string[], current = ids[0] ?? ''): KeyRing {
  return buildKeyRing(
    current,
    ids.map((id) => [id, randomBytes(32)] as const),
  );
}

/** A static provider over a random ring. */
export function randomKeys(ids: readonly string[] = ['k1'], current?: string): KeyProvider {
  return createStaticKeyProvider(randomKeyRing(ids, current));
}

/** Standard metadata for tests. */
export const META = Object.freeze({
  tool: 'ticket.search',
  schemaVersion: 'ticket.search.v3',
  tenant: 'tenant-a',
  requestId: 'req.J7q94MkP',
});

/** An operator allowed to read tenant-a's evidence. */
export const OPERATOR = Object.freeze({ role: 'security-operator', tenant: 'tenant-a', id: 'op-7' });

/** A synthetic stored row with random bytes where the sealed parts go (stores treat them as opaque). */
export function syntheticRow(overrides: Partial<EvidenceRow> = {}): EvidenceRow {
  const now = Date.now();
  return {
    ref: newEvidenceRef(),
    ...META,
    createdAt: now,
    expiresAt: now + 3_600_000,
    keyId: 'k1',
    wrappedKey: randomBytes(60),
    iv: randomBytes(12),
    ciphertext: randomBytes(100),
    tag: randomBytes(16),
    revokedAt: null,
    ...overrides,
  };
}

/** Every byte value once, then again reversed: catches any store that treats bytes as text. */
export function allByteValues(): Uint8Array {
  const bytes = new Uint8Array(512);
  for (let i = 0; i < 256; i++) {
    bytes[i] = i;
    bytes[511 - i] = i;
  }
  return bytes;
}

/** An audit hook that keeps every event. */
export function recordingAudit(): {
  readonly events: EvidenceAuditEvent[];
  readonly hook: EvidenceAuditHook;
} {
  const events: EvidenceAuditEvent[] = [];
  return { events, hook: (event) => void events.push(event) };
}

/** A deterministic payload of about 2 KB for writer `label`'s `index`-th put, so a reader can check every byte. */
export function payloadFor(label: string, index: number): Uint8Array {
  const seed = createHash('sha256').update(`${label}:${index}`).digest();
  const out = new Uint8Array(2048 + (index % 97));
  for (let i = 0; i < out.length; i++) out[i] = (seed[i % 32] ?? 0) ^ (i & 0xff);
  return out;
}
