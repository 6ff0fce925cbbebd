// Reads a configuration file (contract, context, keys, pack) under a size ceiling and a deadline, never hanging.
import { closeSync, constants, createReadStream, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';

/** Why a configuration file could not be read. */
export type ConfigFileCode = 'not_found' | 'not_a_file' | 'too_large' | 'timeout' | 'unreadable';

/** A configuration file that could not be read: the message names what it is and where, never its content. */
export class ConfigFileError extends Error {
  override readonly name = 'ConfigFileError';

  constructor(
    readonly code: ConfigFileCode,
    message: string,
  ) {
    super(message);
  }
}

/** Bounds on one read. */
export interface ConfigFileLimits {
  /** What the file is, for messages: `the contract file`, `the context file` … */
  readonly what: string;
  /** Largest accepted size in bytes. */
  readonly maxBytes: number;
  /** Longest the whole read may take (a FIFO whose writer never closes). */
  readonly timeoutMs: number;
}

/** Default bounds: hand-written configuration is small, and is on disk when it is read. */
export const CONFIG_FILE_DEFAULTS = Object.freeze({ maxBytes: 4 * 1024 * 1024, timeoutMs: 5_000 });

const DESCRIPTIONS: Readonly<Record<ConfigFileCode, string>> = Object.freeze({
  not_found: 'does not exist',
  not_a_file: 'is not a file',
  too_large: 'is too large',
  timeout: 'did not finish in time',
  unreadable: 'cannot be read',
});

function failure(code: ConfigFileCode, limits: ConfigFileLimits, path: string, detail = ''): ConfigFileError {
  return new ConfigFileError(code, `${limits.what} ${path} ${DESCRIPTIONS[code]}${detail}`);
}

function open(path: string, limits: ConfigFileLimits, flags: number): { fd: number; stats: Stats } {
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw failure(code === 'ENOENT' || code === 'ENOTDIR' ? 'not_found' : 'unreadable', limits, path);
  }
  const stats = fstatSync(fd);
  if (stats.isDirectory()) {
    closeSync(fd);
    throw failure('not_a_file', limits, path, ' (it is a folder)');
  }
  if (stats.isFile() && stats.size > limits.maxBytes) {
    closeSync(fd);
    throw failure('too_large', limits, path, ` (over ${limits.maxBytes} bytes)`);
  }
  return { fd, stats };
}

/**
 * Reads a whole file: a regular file, a device or a pipe (FIFO, `/dev/stdin`). Pipes are opened without
 * blocking and read through the event loop, so a writer that never comes or never closes ends in `timeout`;
 * anything that grows past `maxBytes` (`/dev/zero`) ends in `too_large` without reading further.
 */
export async function readConfigFile(path: string, limits: ConfigFileLimits): Promise<Uint8Array> {
  return collect(openFileStream(path, limits), path, limits);
}

/**
 * Opens a file as a stream without blocking: a missing file or a folder throws `ConfigFileError` at once, a
 * pipe is read through the event loop (so whoever consumes the stream can give up on it). The size ceiling is
 * checked here only for regular files; the consumer bounds everything else.
 */
export function openFileStream(path: string, limits: ConfigFileLimits): Readable {
  const { fd, stats } = open(path, limits, constants.O_RDONLY | constants.O_NONBLOCK);
  return stats.isFIFO() || stats.isSocket()
    ? new Socket({ fd, readable: true, writable: false })
    : createReadStream('', { fd, highWaterMark: 64 * 1024 });
}

function collect(stream: Readable, path: string, limits: ConfigFileLimits): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: ConfigFileError | undefined): void => {
      clearTimeout(timer);
      stream.removeAllListeners('data');
      stream.destroy();
      if (error === undefined) resolve(Buffer.concat(chunks, size));
      else reject(error);
    };
    const timer = setTimeout(() => {
      finish(failure('timeout', limits, path, ` (${limits.timeoutMs} ms)`));
    }, limits.timeoutMs);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes)
        finish(failure('too_large', limits, path, ` (over ${limits.maxBytes} bytes)`));
      else chunks.push(chunk);
    });
    stream.once('end', () => {
      finish(undefined);
    });
    stream.once('error', () => {
      finish(failure('unreadable', limits, path));
    });
  });
}

/**
 * The synchronous form, for files read while something is being configured (key files). A pipe cannot be
 * read synchronously without risking a hang, so it is refused as `not_a_file`.
 */
export function readConfigFileSync(path: string, limits: ConfigFileLimits): Uint8Array {
  const { fd, stats } = open(path, limits, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (stats.isFIFO() || stats.isSocket()) throw failure('not_a_file', limits, path, ' (it is a pipe)');
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return Buffer.concat(chunks, size);
      size += read;
      if (size > limits.maxBytes)
        throw failure('too_large', limits, path, ` (over ${limits.maxBytes} bytes)`);
      chunks.push(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}
