// Field names decide what a log field is: a payload to digest, a secret to redact, or a plain value.
import { describe, expect, it } from 'vitest';
import { fieldRole, nameWords } from '../../../sinks/log/field-names.js';
import { toLogLine } from '../../../sinks/log/line.js';

describe('fieldRole', () => {
  it('splits camel, snake, kebab and dotted names into words', () => {
    expect(nameWords('rawHTTPBody')).toEqual(['raw', 'httpbody']);
    expect(nameWords('x-api-key')).toEqual(['x', 'api', 'key']);
    expect(nameWords('request.body_text')).toEqual(['request', 'body', 'text']);
  });

  it.each([
    ['body', 'payload'],
    ['requestBody', 'payload'],
    ['raw', 'payload'],
    ['rawResponse', 'payload'],
    ['response_payload', 'payload'],
    ['content', 'payload'],
    ['password', 'secret'],
    ['dbPassword', 'secret'],
    ['accessToken', 'secret'],
    ['x-api-key', 'secret'],
    ['Authorization', 'secret'],
    ['set-cookie', 'secret'],
    ['client_secret', 'secret'],
    ['sessionId', 'secret'],
    ['tokenCount', 'plain'],
    ['contentType', 'plain'],
    ['bodyBytes', 'plain'],
    ['cacheKey', 'plain'],
    ['', 'plain'],
  ])('%s is %s', (name, role) => {
    expect(fieldRole(name)).toBe(role);
  });
});

describe('counts named like payloads', () => {
  it('keeps a number or boolean under a payload name, since it is a size, not a payload', () => {
    const line = JSON.parse(
      toLogLine({ rawBytes: 1234, rawBody: 'secret body', rawTruncated: true }),
    ) as Record<string, unknown>;
    expect(line.rawBytes).toBe(1234);
    expect(line.rawTruncated).toBe(true);
    expect(JSON.stringify(line)).not.toContain('secret body');
  });
});
