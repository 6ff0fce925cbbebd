// The transport verdict: tool error, then status, then content type and charset, then content coding.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type ReadLimits } from '../../src/vocabulary/limits.js';
import { parseContentCoding } from '../../src/read/content-coding.js';
import type { TransportFacts } from '../../src/read/input.js';
import { checkTransport } from '../../src/read/transport.js';

const limits = DEFAULT_LIMITS.read;
const facts = (more: Partial<TransportFacts>): TransportFacts => ({
  toolError: false,
  decodedByTransport: false,
  ...more,
});
const codeOf = (more: Partial<TransportFacts>, readLimits: ReadLimits = limits): string =>
  ((verdict) => (verdict.ok ? `ok:${verdict.coding}` : verdict.error.code))(
    checkTransport(facts(more), readLimits),
  );

describe('checkTransport', () => {
  it('decides a tool error before the status, and a status before the content type', () => {
    expect(codeOf({ toolError: true, status: 500, contentType: 'text/html' })).toBe('read.tool_error');
    expect(codeOf({ status: 500, contentType: 'text/html', contentEncoding: 'zstd' })).toBe('read.status');
    expect(codeOf({ status: 200, contentType: 'text/html', contentEncoding: 'zstd' })).toBe(
      'read.content_type',
    );
    expect(codeOf({ status: 200, contentType: 'application/json', contentEncoding: 'zstd' })).toBe(
      'read.content_encoding',
    );
  });

  it.each([
    [199, false],
    [200, true],
    [204, true],
    [299, true],
    [300, false],
    [304, false],
    [404, false],
  ])('status %i is a success: %s', (status, success) => {
    expect(codeOf({ status }) === 'ok:identity').toBe(success);
  });

  it.each([
    [408, true],
    [425, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [501, false],
    [505, false],
  ])('status %i is retryable: %s', (status, retryable) => {
    const verdict = checkTransport(facts({ status }), limits);
    expect(verdict).toEqual({ ok: false, error: { code: 'read.status', status, retryable } });
  });

  it('marks a tool error as not retryable and keeps the status it came with', () => {
    expect(checkTransport(facts({ toolError: true, status: 200 }), limits)).toEqual({
      ok: false,
      error: { code: 'read.tool_error', status: 200, retryable: false },
    });
  });

  it.each([
    ['application/json', 'ok:identity'],
    ['APPLICATION/JSON; Charset="UTF-8"', 'ok:identity'],
    ['application/json; charset=utf-8; profile="x"', 'ok:identity'],
    ['application/problem+json', 'ok:identity'],
    ['application/+json', 'read.content_type'],
    ['text/json', 'read.content_type'],
    ['text/html; charset=utf-8', 'read.content_type'],
    ['application/json-seq', 'read.content_type'],
    ['', 'read.content_type'],
    ['application/json; charset=latin1', 'read.charset'],
    ['application/json; charset="ISO-8859-1"', 'read.charset'],
    ['application/json; charset=utf8', 'read.charset'],
    ['application/json; charset=utf-16', 'read.charset'],
  ])('content type %j → %s', (contentType, expected) => {
    expect(codeOf({ contentType })).toBe(expected);
  });

  it('accepts +json only when structuredSuffix is on', () => {
    expect(codeOf({ contentType: 'application/problem+json' }, { ...limits, structuredSuffix: false })).toBe(
      'read.content_type',
    );
  });

  it('accepts a missing content type only when allowMissingContentType is on', () => {
    expect(codeOf({})).toBe('ok:identity');
    expect(codeOf({}, { ...limits, allowMissingContentType: false })).toBe('read.content_type');
  });

  it('accepts only the codings the limits list', () => {
    const gzipOnly: ReadLimits = { ...limits, contentEncodings: ['identity', 'gzip'] };
    expect(codeOf({ contentEncoding: 'gzip' }, gzipOnly)).toBe('ok:gzip');
    expect(codeOf({ contentEncoding: 'br' }, gzipOnly)).toBe('read.content_encoding');
    expect(codeOf({}, { ...limits, contentEncodings: ['gzip'] })).toBe('read.content_encoding');
  });
});

describe('parseContentCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    [' , ', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    [' x-gzip\t', 'gzip'],
    ['gzip,', 'gzip'],
    ['deflate', 'deflate'],
    ['br', 'br'],
    ['gzip, br', undefined],
    ['gzip, gzip', undefined],
    ['compress', undefined],
    ['zstd', undefined],
    ['x-deflate', undefined],
    ['gzip\u00a0', undefined],
    ['__proto__', undefined],
  ])('%j → %s', (value, expected) => {
    expect(parseContentCoding(value)).toBe(expected);
  });
});
