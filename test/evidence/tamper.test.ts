// A record changed at rest in any way (sealed bytes, wrapped key, labels, or moved under another id) fails as tampered.
import { describe, expect, it } from 'vitest';
import type { EvidenceRow } from '../../src/evidence/record.js';
import type { EvidenceStore } from '../../src/evidence/store.js';
import { createMemoryStore } from '../../src/evidence/stores/memory.js';
import { createVault } from '../../src/evidence/vault.js';
import { META, OPERATOR, randomKeys, recordingAudit } from './fixtures.js';

/** A real store whose reads pass through a change, as if someone had edited the record at rest. */
function alteredOnRead(inner: EvidenceStore, alter: (row: EvidenceRow) => EvidenceRow): EvidenceStore {
  return {
    ...inner,
    get: async (ref) => ((row) => (row === undefined ? row : alter(row)))(await inner.get(ref)),
  };
}

function flipByte(bytes: Uint8Array, at: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

const CHANGES: Record<string, (row: EvidenceRow) => EvidenceRow> = {
  'first ciphertext byte': (row) => ({ ...row, ciphertext: flipByte(row.ciphertext, 0) }),
  'last ciphertext byte': (row) => ({
    ...row,
    ciphertext: flipByte(row.ciphertext, row.ciphertext.length - 1),
  }),
  'a tag byte': (row) => ({ ...row, tag: flipByte(row.tag, 7) }),
  'an IV byte': (row) => ({ ...row, iv: flipByte(row.iv, 11) }),
  "the wrapped key's IV": (row) => ({ ...row, wrappedKey: flipByte(row.wrappedKey, 0) }),
  "the wrapped key's body": (row) => ({ ...row, wrappedKey: flipByte(row.wrappedKey, 20) }),
  "the wrapped key's tag": (row) => ({ ...row, wrappedKey: flipByte(row.wrappedKey, 59) }),
  'a truncated ciphertext': (row) => ({ ...row, ciphertext: row.ciphertext.subarray(1) }),
  'a truncated tag': (row) => ({ ...row, tag: row.tag.subarray(0, 12) }),
  'the tool': (row) => ({ ...row, tool: 'billing.refund' }),
  'the schema version': (row) => ({ ...row, schemaVersion: 'ticket.search.v4' }),
  'the request id': (row) => ({ ...row, requestId: 'req.other0001' }),
  'the creation time': (row) => ({ ...row, createdAt: row.createdAt - 1 }),
  'the expiry (extended retention)': (row) => ({ ...row, expiresAt: row.expiresAt + 86_400_000 }),
  'the key id': (row) => ({ ...row, keyId: 'k2' }),
};

describe('tamper detection', () => {
  for (const [what, change] of Object.entries(CHANGES)) {
    it(`fails as tampered, audited, after a change to ${what}`, async () => {
      const store = createMemoryStore();
      const audit = recordingAudit();
      const keys = randomKeys(['k1', 'k2']);
      const ref = await createVault({ store, keys }).put(new TextEncoder().encode('{"ok":true}'), META);
      const vault = createVault({ store: alteredOnRead(store, change), keys, audit: audit.hook });
      expect(await vault.get(ref, OPERATOR)).toEqual({ ok: false, code: 'tampered' });
      expect(audit.events).toEqual([
        expect.objectContaining({ type: 'evidence.read_refused', ref, reason: 'tampered' }),
      ]);
    });
  }

  it('fails as tampered when a record is relabelled to the reader’s tenant', async () => {
    const store = createMemoryStore();
    const keys = randomKeys();
    const ref = await createVault({ store, keys }).put(new TextEncoder().encode('{}'), META);
    const vault = createVault({
      store: alteredOnRead(store, (row) => ({ ...row, tenant: 'tenant-b' })),
      keys,
    });
    expect(await vault.get(ref, { ...OPERATOR, tenant: 'tenant-b' })).toEqual({
      ok: false,
      code: 'tampered',
    });
  });

  /** Puts two records, then reads the second through a store that serves `alter(firstRow, secondRow)` for it. */
  async function readSecondAfter(alter: (first: EvidenceRow, row: EvidenceRow) => EvidenceRow) {
    const store = createMemoryStore();
    const keys = randomKeys();
    const vault = createVault({ store, keys });
    const first = await vault.put(new TextEncoder().encode('{"a":1}'), META);
    const second = await vault.put(new TextEncoder().encode('{"b":2}'), META);
    const firstRow = (await store.get(first))!;
    const moved = alteredOnRead(store, (row) => (row.ref === second ? alter(firstRow, row) : row));
    return createVault({ store: moved, keys }).get(second, OPERATOR);
  }

  it('fails as tampered when one record’s sealed parts are moved under another reference id', async () => {
    const result = await readSecondAfter((first, row) => ({
      ...row,
      keyId: first.keyId,
      wrappedKey: first.wrappedKey,
      iv: first.iv,
      ciphertext: first.ciphertext,
      tag: first.tag,
    }));
    expect(result).toEqual({ ok: false, code: 'tampered' });
  });

  it('refuses a row the store hands back under a different reference id', async () => {
    expect(await readSecondAfter((first) => first)).toEqual({ ok: false, code: 'tampered' });
  });
});
