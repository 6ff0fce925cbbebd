// The I/O deadline options are configuration: a malformed one throws a TypeError where it is written.
import { describe, expect, test } from 'vitest';
import { authorize } from '../../src/calls/authorize.js';
import { createSession } from '../../src/calls/session.js';
import { createGate } from '../../src/gate/create-gate.js';
import { permissions, recordingAudit, SEED_CALL } from '../calls/fixtures.js';

const BAD = [0, -1, 1.5, Number.NaN, Infinity, 2 ** 31, '100'] as const;

describe('ioTimeoutMs', () => {
  test.each(BAD)('createGate refuses %s', (value) => {
    expect(() => createGate({ ioTimeoutMs: value as number })).toThrow(TypeError);
  });

  test.each(BAD)('authorize refuses %s', async (value) => {
    const session = createSession(permissions, { id: 'run-o', grant: ['send'], allowlist: ['send_email'] });
    await expect(
      authorize(SEED_CALL, session, { audit: recordingAudit(), ioTimeoutMs: value as number }),
    ).rejects.toThrow(TypeError);
  });

  test('a whole number of milliseconds is taken', () => {
    expect(() => createGate({ ioTimeoutMs: 1 })).not.toThrow();
    expect(() => createGate({ ioTimeoutMs: 2 ** 31 - 1 })).not.toThrow();
  });
});
