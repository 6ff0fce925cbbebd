// Every read.* detail code the gate lists has an input that produces it, with the retry advice it carries.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DETAIL_CODES } from '../../src/vocabulary/codes.js';
import type { ReadLimits } from '../../src/vocabulary/limits.js';
import type { RawInput } from '../../src/read/input.js';
import { readBody } from '../../src/read/read-body.js';
import type { ReadCode } from '../../src/read/result.js';
import { readLimits } from './support/fixtures.js';

interface CodeCase {
  readonly input: () => RawInput;
  readonly limits?: Partial<ReadLimits>;
  readonly signal?: () => AbortSignal;
  readonly retryable: boolean;
}

const CASES: Readonly<Record<ReadCode, CodeCase>> = {
  'read.too_large': { input: () => 'x'.repeat(11), limits: { maxRawBytes: 10 }, retryable: false },
  'read.decompressed_too_large': {
    input: () => ({ body: gzipSync('x'.repeat(1000)), contentEncoding: 'gzip' }),
    limits: { maxDecodedBytes: 999 },
    retryable: false,
  },
  'read.timeout': { input: () => new Readable({ read() {} }), limits: { timeoutMs: 20 }, retryable: true },
  'read.aborted': {
    input: () => new Readable({ read() {} }),
    signal: () => AbortSignal.abort(),
    retryable: false,
  },
  'read.content_type': { input: () => ({ body: '{}', contentType: 'text/plain' }), retryable: false },
  'read.content_encoding': { input: () => ({ body: '{}', contentEncoding: 'compress' }), retryable: false },
  'read.charset': {
    input: () => ({ body: '{}', contentType: 'application/json; charset=utf-16' }),
    retryable: false,
  },
  'read.invalid_utf8': { input: () => new Uint8Array([0x22, 0xc3, 0x22]), retryable: false },
  'read.bom': { input: () => new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), retryable: false },
  'read.decompress_failed': {
    input: () => ({ body: new Uint8Array([1, 2, 3]), contentEncoding: 'br' }),
    retryable: false,
  },
  'read.stream_error': {
    input: () =>
      new ReadableStream({
        pull: (controller) => {
          controller.error(new Error('reset'));
        },
      }),
    retryable: true,
  },
  'read.status': { input: () => ({ body: '{}', status: 500 }), retryable: true },
  'read.tool_error': { input: () => ({ body: '{}', toolError: true }), retryable: false },
  'read.unsupported_input': { input: () => 42 as unknown as RawInput, retryable: false },
};

describe('read detail codes', () => {
  it('has a case for exactly the codes the gate lists', () => {
    expect(Object.keys(CASES).sort()).toEqual([...DETAIL_CODES.read].sort());
  });

  it.each(Object.entries(CASES))('%s is produced, with its retry advice', async (code, testCase) => {
    const result = await readBody(testCase.input(), readLimits(testCase.limits), testCase.signal?.());
    expect(result).toMatchObject({ ok: false, error: { code, retryable: testCase.retryable } });
  });
});
