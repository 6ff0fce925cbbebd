// The AES-256-GCM envelope: fresh IVs, authenticated AAD, and wrapped data keys bound to their labels.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payloadAad, wrappedKeyAad } from '../../src/evidence/aad.js';
import {
  newDataKey,
  openPayload,
  sealPayload,
  unwrapDataKey,
  wrapDataKey,
} from '../../src/evidence/envelope.js';
import { isEvidenceRef, newEvidenceRef } from '../../src/evidence/ref.js';
import { syntheticRow } from './fixtures.js';

describe('envelope encryption', () => {
  it('seals with a fresh IV every time and opens only with the same key and AAD', () => {
    const key = newDataKey();
    const aad = Buffer.from('labels');
    const plain = randomBytes(1000);
    const a = sealPayload(plain, key, aad);
    const b = sealPayload(plain, key, aad);
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.ciphertext).equals(plain)).toBe(false);
    expect(openPayload(a, key, aad)?.equals(plain)).toBe(true);
    expect(openPayload(a, key, Buffer.from('labelz'))).toBeUndefined();
    expect(openPayload(a, newDataKey(), aad)).toBeUndefined();
  });

  it('wraps a data key into 60 bytes that unwrap only under the same key-encryption key and AAD', () => {
    const kek = randomBytes(32);
    const dataKey = newDataKey();
    const row = syntheticRow();
    const wrapped = wrapDataKey(dataKey, kek, wrappedKeyAad(row, 'k1'));
    expect(wrapped).toHaveLength(60);
    expect(unwrapDataKey(wrapped, kek, wrappedKeyAad(row, 'k1'))?.equals(dataKey)).toBe(true);
    expect(unwrapDataKey(wrapped, kek, wrappedKeyAad(row, 'k2'))).toBeUndefined();
    expect(unwrapDataKey(wrapped, randomBytes(32), wrappedKeyAad(row, 'k1'))).toBeUndefined();
    expect(unwrapDataKey(wrapped.subarray(1), kek, wrappedKeyAad(row, 'k1'))).toBeUndefined();
  });

  it('keeps payload AAD and wrapped-key AAD apart, and encodes labels unambiguously', () => {
    const row = syntheticRow();
    expect(payloadAad(row).equals(wrappedKeyAad(row, ''))).toBe(false);
    const shifted = { ...row, tool: row.tool + 'x', schemaVersion: row.schemaVersion.slice(1) };
    expect(
      payloadAad(row).equals(payloadAad({ ...shifted, schemaVersion: 'x' + shifted.schemaVersion })),
    ).toBe(false);
  });
});

describe('reference ids', () => {
  it('carry the ev_ prefix and 192 random bits, and the format check accepts nothing else', () => {
    const ref = newEvidenceRef();
    expect(isEvidenceRef(ref)).toBe(true);
    expect(Buffer.from(ref.slice(3), 'base64url')).toHaveLength(24);
    for (const bad of [
      ref + 'A',
      ref.slice(0, -1),
      ref.replace('ev_', 'EV_'),
      ` ${ref}`,
      `${ref}\n`,
      42,
      null,
    ]) {
      expect(isEvidenceRef(bad)).toBe(false);
    }
  });
});
