// Key providers: the environment key list, the key file (mode 0600, reloaded on change) and their error messages.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEnvKeyProvider, formatKeyList, parseKeyList } from '../../src/evidence/keys-env.js';
import { createKeyFileProvider, readKeyFile, writeKeyFile } from '../../src/evidence/keys-file.js';
import { generateKey, KeyConfigError, withCurrentKey } from '../../src/evidence/keys.js';
import { randomKeyRing } from './fixtures.js';

const folder = mkdtempSync(join(tmpdir(), 'airlock-keys-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const key = (): string => randomBytes(32).toString('base64');

function expectConfigError(run: () => unknown, secret?: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error: unknown) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(KeyConfigError);
  if (secret !== undefined) expect((caught as Error).message).not.toContain(secret.slice(0, 8));
}

describe('environment key provider', () => {
  it('takes the key marked * as current, or else the first', async () => {
    const [a, b] = [key(), key()];
    expect(parseKeyList(`k1:${a},*k2:${b}`).current).toBe('k2');
    expect(parseKeyList(` k1:${a} , k2:${b} `).current).toBe('k1');
    const provider = createEnvKeyProvider({ env: { AIRLOCK_VAULT_KEYS: `old:${a},*new:${b}` } });
    expect(await provider.currentKeyId()).toBe('new');
    expect(Buffer.from((await provider.keyById('old'))!).toString('base64')).toBe(a);
    expect(await provider.keyById('missing')).toBeUndefined();
  });

  it('reads another variable when told to', async () => {
    const provider = createEnvKeyProvider({ env: { OTHER: `x:${key()}` }, variable: 'OTHER' });
    expect(await provider.currentKeyId()).toBe('x');
  });

  it('round-trips through formatKeyList', () => {
    const ring = randomKeyRing(['a', 'b'], 'b');
    const again = parseKeyList(formatKeyList(ring));
    expect(again.current).toBe('b');
    expect(Buffer.from(again.keys.get('a')!).equals(Buffer.from(ring.keys.get('a')!))).toBe(true);
  });

  it('refuses a missing variable, short keys, bad base64, duplicate ids, two current marks and bad ids, naming no key', () => {
    const short = randomBytes(16).toString('base64');
    const good = key();
    expectConfigError(() => createEnvKeyProvider({ env: {} }));
    expectConfigError(() => parseKeyList(`k1:${short}`), short);
    expectConfigError(() => parseKeyList(`k1:${good.slice(0, -2)}!!`), good);
    expectConfigError(() => parseKeyList(`k1:${good},k1:${key()}`), good);
    expectConfigError(() => parseKeyList(`*k1:${good},*k2:${key()}`), good);
    expectConfigError(() => parseKeyList(`bad id:${good}`), good);
    expectConfigError(() => parseKeyList(good), good);
  });
});

describe('key file provider', () => {
  it('reads a 0600 key file and refuses one readable by group or others', async () => {
    const path = join(folder, 'keys.json');
    writeKeyFile(path, randomKeyRing(['k1']));
    expect(await createKeyFileProvider(path).currentKeyId()).toBe('k1');
    chmodSync(path, 0o640);
    expectConfigError(() => createKeyFileProvider(path));
    chmodSync(path, 0o600);
  });

  it('refuses a missing file, malformed JSON and a current id with no key', () => {
    expectConfigError(() => readKeyFile(join(folder, 'absent.json')));
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, '{"current":', { mode: 0o600 });
    expectConfigError(() => readKeyFile(bad));
    writeFileSync(bad, JSON.stringify({ current: 'k2', keys: { k1: key() } }), { mode: 0o600 });
    expectConfigError(() => readKeyFile(bad));
    writeFileSync(bad, JSON.stringify({ current: 'k1', keys: { k1: 5 } }), { mode: 0o600 });
    expectConfigError(() => readKeyFile(bad));
  });

  it('picks up a rotation written by someone else', async () => {
    const path = join(folder, 'rotating.json');
    const ring = randomKeyRing(['k1']);
    writeKeyFile(path, ring);
    const provider = createKeyFileProvider(path);
    expect(await provider.currentKeyId()).toBe('k1');
    const fresh = generateKey();
    writeKeyFile(path, withCurrentKey(ring, fresh.id, fresh.key));
    expect(await provider.currentKeyId()).toBe(fresh.id);
    expect(await provider.keyById('k1')).toBeDefined();
  });

  it('writes key files atomically with mode 0600', () => {
    const path = join(folder, 'written.json');
    writeKeyFile(path, randomKeyRing(['k1', 'k2'], 'k2'));
    expect(readKeyFile(path).current).toBe('k2');
  });
});

describe('generated keys', () => {
  it('are 32 random bytes with distinct, well-formed ids', () => {
    const a = generateKey();
    const b = generateKey();
    expect(a.key).toHaveLength(32);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
  });
});
