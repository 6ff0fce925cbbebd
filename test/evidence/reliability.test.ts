// Crash and concurrency: a writer killed mid-burst loses no returned put; eight writer processes share one SQLite file.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createEnvKeyProvider, formatKeyList } from '../../src/evidence/keys-env.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { OPERATOR, payloadFor, randomKeyRing } from './fixtures.js';

const folder = mkdtempSync(join(tmpdir(), 'airlock-reliability-'));
const KEYS = formatKeyList(randomKeyRing(['k1']));
const CHILD = join(import.meta.dirname, 'writer-child.ts');

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

interface Written {
  readonly ref: string;
  readonly label: string;
  readonly index: number;
}

/** Starts a writer; `lines` collects each "REF INDEX" it prints; `exited` resolves with its exit code or signal. */
function startWriter(path: string, label: string, count: number, onLine?: (written: Written) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, label, String(count)], {
    env: { ...process.env, AIRLOCK_VAULT_KEYS: KEYS },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Written[] = [];
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      const [ref = '', index = ''] = line.split(' ');
      const written = { ref, label, index: Number(index) };
      lines.push(written);
      onLine?.(written);
    }
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.on('close', (code, signal) => {
      resolve(signal ?? code);
    });
  });
  return { child, lines, exited };
}

async function expectAllReadable(path: string, written: readonly Written[]): Promise<void> {
  const store = createSqliteStore(path);
  const vault = createVault({ store, keys: createEnvKeyProvider({ env: { AIRLOCK_VAULT_KEYS: KEYS } }) });
  try {
    for (const { ref, label, index } of written) {
      const result = await vault.get(ref, OPERATOR);
      expect(result.ok, `${label}:${index}`).toBe(true);
      if (result.ok)
        expect(Buffer.from(result.record.raw).equals(Buffer.from(payloadFor(label, index)))).toBe(true);
    }
  } finally {
    await store.close();
  }
  const db = new Database(path, { readonly: true });
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();
}

describe('evidence vault reliability', () => {
  it('keeps every put whose reference id a writer printed before it was killed with SIGKILL', async () => {
    const path = join(folder, 'killed.sqlite');
    let killAfter = 60;
    const writer = startWriter(path, 'killed', 1_000_000, () => {
      if (--killAfter === 0) writer.child.kill('SIGKILL');
    });
    expect(await writer.exited).toBe('SIGKILL');
    expect(writer.lines.length).toBeGreaterThanOrEqual(60);
    await expectAllReadable(path, writer.lines);
  });

  it('loses and corrupts nothing when eight writer processes share one SQLite file', async () => {
    const path = join(folder, 'shared.sqlite');
    const perWriter = 25;
    const writers = Array.from({ length: 8 }, (_, n) => startWriter(path, `writer${n}`, perWriter));
    expect(await Promise.all(writers.map((writer) => writer.exited))).toEqual(
      Array.from({ length: 8 }, () => 0),
    );
    const written = writers.flatMap((writer) => writer.lines);
    expect(written).toHaveLength(8 * perWriter);
    expect(new Set(written.map((entry) => entry.ref)).size).toBe(8 * perWriter);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM airlock_evidence').pluck().get()).toBe(8 * perWriter);
    db.close();
    await expectAllReadable(path, written);
  });
});
