// Fault suite for authorize: a silent audit sink, registry or person, a throwing registry, and the caller's abort.
import { afterAll, describe, expect, test } from 'vitest';
import { authorize, type AuthorizeOptions } from '../../src/calls/authorize.js';
import type { ToolRegistry } from '../../src/calls/registry.js';
import { createSession } from '../../src/calls/session.js';
import { permissions, recordingAudit, SEED_CALL } from '../calls/fixtures.js';
import { GRACE_MS, IO_MS, never } from './fixtures.js';
import { abortLatency, printSlowest, timed } from './timing.js';

const granted = () => createSession(permissions, { id: 'run-f', grant: ['send'], allowlist: ['send_email'] });
const asking = () =>
  createSession(permissions, {
    id: 'run-a',
    grant: ['read_inbox'],
    allowlist: ['send_email'],
    onMissingGrant: 'ask',
  });

/** A registry whose every call answers with `status`. */
function registryWith(status: () => unknown): ToolRegistry {
  const unused = () => Promise.reject(new Error('unused'));
  return { approve: unused, review: unused, revoke: unused, setState: unused, status } as ToolRegistry;
}

afterAll(() => {
  printSlowest('authorize faults');
});

async function decide(fault: string, options: Omit<AuthorizeOptions, 'audit'> & Partial<AuthorizeOptions>) {
  const audit = options.audit ?? recordingAudit();
  const session = options.confirm === undefined ? granted() : asking();
  const { value, ms } = await timed(fault, () =>
    authorize(SEED_CALL, session, { ioTimeoutMs: IO_MS, ...options, audit }),
  );
  expect(ms).toBeLessThan((options.confirmTimeoutMs ?? IO_MS) + GRACE_MS);
  return value.document;
}

describe('authorize ends on time and denies when what it waits for fails', () => {
  test('an audit sink whose write never settles: deny, audit_unavailable', async () => {
    const document = await decide('audit sink never settles', { audit: { write: never } });
    expect(document).toMatchObject({ decision: 'deny', reason: 'audit_unavailable' });
  });

  test.each([
    [
      'throws',
      () => {
        throw new Error('registry bug');
      },
    ],
    ['never answers', never],
    ['rejects', () => Promise.reject(new Error('store down'))],
    ['answers something that is not a status', () => Promise.resolve({ approved: 'yes' })],
    ['answers nothing, without a promise', () => undefined],
  ])('a registry whose status %s: deny, tool_quarantined', async (title, status) => {
    const document = await decide(`registry status ${title}`, { registry: registryWith(status) });
    expect(document).toMatchObject({ decision: 'deny', reason: 'tool_quarantined' });
  });

  test('a person who never answers: deny at the confirmation deadline, confirm_failed', async () => {
    const document = await decide('confirm hook never settles', { confirm: never, confirmTimeoutMs: 300 });
    expect(document).toMatchObject({ decision: 'deny', reason: 'confirm_failed' });
  });
});

describe('the caller aborts authorize while it waits', () => {
  test.each([
    ['for a person', { confirm: never, confirmTimeoutMs: 60_000 }, 'confirm_failed'],
    ['for the audit sink', { audit: { write: never } }, 'audit_unavailable'],
    ['for the registry', { registry: registryWith(never) }, 'tool_quarantined'],
  ] as const)('%s: deny within 100 ms of the abort', async (title, options, reason) => {
    const controller = new AbortController();
    const session = 'confirm' in options ? asking() : granted();
    const pending = authorize(SEED_CALL, session, {
      audit: recordingAudit(),
      ioTimeoutMs: 60_000,
      ...options,
      signal: controller.signal,
    });
    const { value, ms } = await abortLatency(`abort authorize ${title}`, pending, controller, 150);
    expect(ms).toBeLessThan(100);
    expect(value.document).toMatchObject({ decision: 'deny', reason });
  });
});
