// The built-in key-file provider: a JSON key ring in a file only its owner may read (mode 0600), reloaded on change.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { readConfigFileSync } from '../read/config-file.js';
import { buildKeyRing, decodeKey, generateKey, KeyConfigError } from './keys.js';
import type { KeyProvider, KeyRing } from './keys.js';

/*
 * File format: { "current": "k2", "keys": { "k1": "<base64 32 bytes>", "k2": "<base64 32 bytes>" } }.
 * The file is refused unless it is a regular file, owned by this process's user, with no group or other bits.
 */

/** The largest key file read: thousands of keys, far more than any ring holds. */
const MAX_KEY_FILE_BYTES = 1024 * 1024;

/** Reads and checks a key file; throws {@link KeyConfigError} when it is unsafe or malformed. */
export function readKeyFile(path: string): KeyRing {
  assertPrivateFile(statOrThrow(path));
  let parsed: unknown;
  try {
    const bytes = readConfigFileSync(path, {
      what: 'the key file',
      maxBytes: MAX_KEY_FILE_BYTES,
      timeoutMs: 0,
    });
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new KeyConfigError('The key file is not readable JSON.');
  }
  if (!isObject(parsed) || typeof parsed.current !== 'string' || !isObject(parsed.keys)) {
    throw new KeyConfigError('The key file must hold { "current": id, "keys": { id: base64 } }.');
  }
  const entries = Object.entries(parsed.keys).map(([id, value]) => {
    if (typeof value !== 'string') throw new KeyConfigError(`Key "${id}" must be a base64 string.`);
    return [id, decodeKey(id, value)] as const;
  });
  return buildKeyRing(parsed.current, entries);
}

/**
 * Writes a key ring to a key file atomically: a new file created with mode 0600, flushed, then renamed over
 * the old one, so a crash leaves either the old ring or the new one, never half of either.
 */
export function writeKeyFile(path: string, ring: KeyRing): void {
  placeKeyFile(path, ring, 'replace');
}

/**
 * Makes sure a key file exists: when `path` is missing, its folder is created (private to its owner) and a
 * ring of one fresh key is written to it (mode 0600). The file is put in place only if it still does not exist
 * (a hard link, which fails when the name is taken), so processes starting together all end up with the one
 * ring that won. Returns true when this call created the file.
 */
export function ensureKeyFile(path: string): boolean {
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const fresh = generateKey();
  return placeKeyFile(path, buildKeyRing(fresh.id, [[fresh.id, fresh.key]]), 'create');
}

/** Writes the ring to a private temporary file and puts it at `path`: over the old one, or only where none is. */
function placeKeyFile(path: string, ring: KeyRing, how: 'replace' | 'create'): boolean {
  const keys = Object.create(null) as Record<string, string>;
  for (const [id, key] of ring.keys) keys[id] = Buffer.from(key).toString('base64');
  const text = JSON.stringify({ current: ring.current, keys }, null, 2) + '\n';
  const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.keys.tmp`);
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  let placed = true;
  if (how === 'replace') renameSync(temporary, path);
  else {
    try {
      linkSync(temporary, path);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      placed = false;
    } finally {
      unlinkSync(temporary);
    }
  }
  const directory = openSync(dirname(path), 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
  return placed;
}

/**
 * A key provider over a key file. The file is checked and read when the provider is created, and read again
 * whenever its size, inode or modification time changes, so a rotation by another process is picked up.
 */
export function createKeyFileProvider(path: string): KeyProvider {
  let ring = readKeyFile(path);
  let seen = fingerprint(statOrThrow(path));
  // A synchronous stat, as the file is read: a put asks twice, and under load each asynchronous stat would
  // cost it a turn of a busy event loop.
  const fresh = (): KeyRing => {
    const now = fingerprint(statSync(path));
    if (now !== seen) {
      ring = readKeyFile(path);
      seen = now;
    }
    return ring;
  };
  // A throw in the executor (the file gone, unreadable, malformed) is a rejection.
  return Object.freeze({
    currentKeyId: () =>
      new Promise<string>((resolve) => {
        resolve(fresh().current);
      }),
    keyById: (id: string) =>
      new Promise<Uint8Array | undefined>((resolve) => {
        resolve(fresh().keys.get(id));
      }),
  });
}

function statOrThrow(path: string): Stats {
  try {
    return statSync(path);
  } catch {
    throw new KeyConfigError('The key file cannot be found or opened.');
  }
}

function assertPrivateFile(stats: Stats): void {
  if (!stats.isFile()) throw new KeyConfigError('The key file must be a regular file.');
  if ((stats.mode & 0o077) !== 0)
    throw new KeyConfigError('The key file must be readable by its owner only (0600).');
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid)
    throw new KeyConfigError('The key file must belong to this user.');
}

function fingerprint(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.mode}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
