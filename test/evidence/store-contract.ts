// The store contract: one suite every EvidenceStore must pass, run by one test file per store.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvidenceRow, WrappedKeyRow } from '../../src/evidence/record.js';
import type { EvidenceStore } from '../../src/evidence/store.js';
import { createVault } from '../../src/evidence/vault.js';
import { createStaticKeyProvider, withCurrentKey } from '../../src/evidence/keys.js';
import { allByteValues, META, OPERATOR, randomKeyRing, randomKeys, syntheticRow } from './fixtures.js';

/** A store opened for one test, and how to remove everything it left behind. */
export interface OpenedStore {
  readonly store: EvidenceStore;
  readonly dispose: () => Promise<void>;
}

async function collect(rows: AsyncIterable<WrappedKeyRow>): Promise<WrappedKeyRow[]> {
  const out: WrappedKeyRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

function expectSameRow(actual: EvidenceRow | undefined, expected: EvidenceRow): void {
  expect(actual).toBeDefined();
  const normalize = (row: EvidenceRow) => ({
    ...row,
    wrappedKey: Buffer.from(row.wrappedKey).toString('hex'),
    iv: Buffer.from(row.iv).toString('hex'),
    ciphertext: Buffer.from(row.ciphertext).toString('hex'),
    tag: Buffer.from(row.tag).toString('hex'),
  });
  expect(normalize(actual!)).toEqual(normalize(expected));
}

/** Runs the whole contract against fresh, isolated stores from `open` (one per test). */
export function describeStoreContract(name: string, open: () => Promise<OpenedStore>, enabled = true): void {
  describe.skipIf(!enabled)(`evidence store contract: ${name}`, () => {
    let opened: OpenedStore;
    let store: EvidenceStore;
    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.dispose();
    });

    it('returns an inserted record byte for byte, including every byte value and an empty payload', async () => {
      const rows = [
        syntheticRow({ ciphertext: allByteValues() }),
        syntheticRow({ ciphertext: new Uint8Array(0) }),
      ];
      for (const row of rows) await store.insert(row);
      for (const row of rows) expectSameRow(await store.get(row.ref), row);
    });

    it('keeps a one-megabyte payload intact', async () => {
      const row = syntheticRow({ ciphertext: randomBytes(1024 * 1024) });
      await store.insert(row);
      expectSameRow(await store.get(row.ref), row);
    });

    it('answers undefined for an unknown reference id', async () => {
      expect(await store.get(syntheticRow().ref)).toBeUndefined();
    });

    it('refuses a second insert under the same reference id and keeps the first', async () => {
      const first = syntheticRow();
      await store.insert(first);
      await expect(store.insert({ ...syntheticRow(), ref: first.ref })).rejects.toThrow();
      expectSameRow(await store.get(first.ref), first);
    });

    it('turns a revoked record into a tombstone: key material and payload erased, labels kept', async () => {
      const row = syntheticRow();
      await store.insert(row);
      expect(await store.revoke(row.ref, row.createdAt + 5)).toBe(true);
      const tombstone = await store.get(row.ref);
      expect(tombstone).toMatchObject({
        ref: row.ref,
        tenant: row.tenant,
        tool: row.tool,
        revokedAt: row.createdAt + 5,
      });
      expect(
        [tombstone?.wrappedKey, tombstone?.iv, tombstone?.ciphertext, tombstone?.tag].map((b) => b?.length),
      ).toEqual([0, 0, 0, 0]);
      expect(await store.revoke(row.ref, row.createdAt + 6)).toBe(false);
      expect(await store.revoke(syntheticRow().ref, 1)).toBe(false);
    });

    it('purges records (live and tombstones) whose expiry is at or before the given time, and only those', async () => {
      const base = Date.now() + 3_600_000;
      const due = syntheticRow({ expiresAt: base });
      const dueTombstone = syntheticRow({ expiresAt: base - 1 });
      const later = syntheticRow({ expiresAt: base + 10_000 });
      for (const row of [due, dueTombstone, later]) await store.insert(row);
      await store.revoke(dueTombstone.ref, Date.now());
      expect(await store.purgeExpired(base)).toBe(2);
      expect(await store.get(due.ref)).toBeUndefined();
      expect(await store.get(dueTombstone.ref)).toBeUndefined();
      expectSameRow(await store.get(later.ref), later);
      expect(await store.purgeExpired(base)).toBe(0);
    });

    it('lists for re-wrapping only live records under another key, past one page', async () => {
      const old = Array.from({ length: 300 }, () => syntheticRow({ keyId: 'k1' }));
      const current = Array.from({ length: 3 }, () => syntheticRow({ keyId: 'k2' }));
      await Promise.all([...old, ...current].map((row) => store.insert(row)));
      const revoked = old[0]!;
      await store.revoke(revoked.ref, Date.now());
      const listed = await collect(store.listForRewrap('k2'));
      expect(listed.map((row) => row.ref).sort()).toEqual(
        old
          .slice(1)
          .map((row) => row.ref)
          .sort(),
      );
      const sample = listed.find((row) => row.ref === old[1]!.ref);
      expect(Buffer.from(sample!.wrappedKey).equals(Buffer.from(old[1]!.wrappedKey))).toBe(true);
      expect(sample).toMatchObject({ keyId: 'k1', tenant: META.tenant, expiresAt: old[1]!.expiresAt });
      expect((await collect(store.listForRewrap('k1'))).map((row) => row.ref).sort()).toEqual(
        current.map((row) => row.ref).sort(),
      );
    });

    it('replaces a wrapped key only while it is still under the expected key (compare and set)', async () => {
      const row = syntheticRow({ keyId: 'k1' });
      const revoked = syntheticRow({ keyId: 'k1' });
      await store.insert(row);
      await store.insert(revoked);
      await store.revoke(revoked.ref, Date.now());
      const wrapped = randomBytes(60);
      expect(await store.updateWrappedKey(row.ref, 'k1', 'k2', wrapped)).toBe(true);
      expect(await store.updateWrappedKey(row.ref, 'k1', 'k3', randomBytes(60))).toBe(false);
      expectSameRow(await store.get(row.ref), { ...row, keyId: 'k2', wrappedKey: wrapped });
      expect(await store.updateWrappedKey(revoked.ref, 'k1', 'k2', wrapped)).toBe(false);
      expect(await store.updateWrappedKey(syntheticRow().ref, 'k1', 'k2', wrapped)).toBe(false);
    });

    it('keeps every one of fifty concurrent inserts', async () => {
      const rows = Array.from({ length: 50 }, () => syntheticRow({ ciphertext: randomBytes(4096) }));
      await Promise.all(rows.map((row) => store.insert(row)));
      for (const row of rows) expectSameRow(await store.get(row.ref), row);
    });

    it('serves a vault end to end: put, get, revoke, rotate and re-wrap, purge', async () => {
      const ring = randomKeyRing(['k1']);
      const vault = createVault({ store, keys: createStaticKeyProvider(ring) });
      const raw = allByteValues();
      const kept = await vault.put(raw, META);
      const revoked = await vault.put(raw, META);
      expect(await vault.revoke(revoked)).toEqual({ ok: true });
      expect(await vault.get(revoked, OPERATOR)).toEqual({ ok: false, code: 'revoked' });

      const rotated = withCurrentKey(ring, 'k2', randomBytes(32));
      const report = await createVault({ store, keys: createStaticKeyProvider(rotated) }).rewrap();
      expect(report).toMatchObject({ keyId: 'k2', rewrapped: 1, keyUnavailable: 0, tampered: 0 });
      const onlyNewKey = createStaticKeyProvider({
        current: 'k2',
        keys: new Map([['k2', rotated.keys.get('k2')!]]),
      });
      const read = await createVault({ store, keys: onlyNewKey }).get(kept, OPERATOR);
      expect(read.ok && Buffer.from(read.record.raw).equals(Buffer.from(raw))).toBe(true);
      expect((await createVault({ store, keys: randomKeys(['k2']) }).get(kept, OPERATOR)).ok).toBe(false);

      expect(await vault.purge(Date.now() + 73 * 3_600_000)).toBe(2);
      expect(await vault.get(kept, OPERATOR)).toEqual({ ok: false, code: 'not_found' });
    });
  });
}
