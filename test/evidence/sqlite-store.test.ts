// Runs the store contract against the SQLite store, and checks the file's mode and pragmas.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { META, OPERATOR, randomKeys, syntheticRow } from './fixtures.js';
import { describeStoreContract } from './store-contract.js';

const folder = mkdtempSync(join(tmpdir(), 'airlock-sqlite-'));
let count = 0;
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The reference ids stored in the file, read through a connection of its own. */
function refsIn(path: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT ref FROM airlock_evidence').pluck().all();
  } finally {
    db.close();
  }
}

describeStoreContract('sqlite', () => {
  const path = join(folder, `contract-${count++}`, 'evidence.sqlite');
  const store = createSqliteStore(path);
  return Promise.resolve({ store, dispose: () => store.close() });
});

describe('sqlite evidence store', () => {
  it('creates its file (and folder) private to the owner, in WAL mode with synchronous=FULL', async () => {
    const path = join(folder, 'fresh', 'evidence.sqlite');
    const store = createSqliteStore(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, 'fresh')).mode & 0o777).toBe(0o700);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('detects a byte changed at rest in the file: ciphertext, tag, IV, wrapped key or a label', async () => {
    const path = join(folder, 'tamper', 'evidence.sqlite');
    const store = createSqliteStore(path);
    const keys = randomKeys();
    const vault = createVault({ store, keys });
    const db = new Database(path);
    for (const column of ['ciphertext', 'tag', 'iv', 'wrapped_key', 'tool', 'request_id']) {
      const ref = await vault.put(new TextEncoder().encode('{"ok":true}'), META);
      const select = db.prepare<[string], Record<string, Buffer | string>>(
        `SELECT ${column} AS v FROM airlock_evidence WHERE ref = ?`,
      );
      const value = select.get(ref)?.v;
      const changed =
        typeof value === 'string' ? value + 'x' : Buffer.from(value!).fill(value![0]! ^ 1, 0, 1);
      db.prepare(`UPDATE airlock_evidence SET ${column} = ? WHERE ref = ?`).run(changed, ref);
      expect(await vault.get(ref, OPERATOR), column).toEqual({ ok: false, code: 'tampered' });
    }
    db.close();
    await store.close();
  });

  it('keeps every insert made together, and refuses a duplicate among them alone', async () => {
    const path = join(folder, 'together', 'evidence.sqlite');
    const store = createSqliteStore(path);
    const first = syntheticRow();
    await store.insert(first);
    const rows = Array.from({ length: 20 }, () => syntheticRow());
    const settled = await Promise.allSettled([
      ...rows.map((row) => store.insert(row)),
      store.insert({ ...syntheticRow(), ref: first.ref }),
    ]);
    expect(settled.map((result) => result.status)).toEqual([...rows.map(() => 'fulfilled'), 'rejected']);
    expect(refsIn(path).sort()).toEqual([first, ...rows].map((row) => row.ref).sort());
    await store.close();
  });

  it('writes inserts still queued when it is closed before closing', async () => {
    const path = join(folder, 'closing', 'evidence.sqlite');
    const store = createSqliteStore(path);
    const row = syntheticRow();
    const inserted = store.insert(row);
    await store.close();
    await expect(inserted).resolves.toBeUndefined();
    expect(refsIn(path)).toEqual([row.ref]);
  });

  it('refuses a negative busy timeout when defined', () => {
    expect(() => createSqliteStore(join(folder, 'bad.sqlite'), { busyTimeoutMs: -1 })).toThrow(TypeError);
  });
});
