// The vault's access rules, audit trail, expiry and configuration checks, over the in-memory store.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVIDENCE_TTL_MS } from '../../src/evidence/defaults.js';
import { EVIDENCE_READ_CODES } from '../../src/evidence/results.js';
import { createMemoryStore } from '../../src/evidence/stores/memory.js';
import { createVault } from '../../src/evidence/vault.js';
import type { VaultOptions } from '../../src/evidence/vault.js';
import { META, OPERATOR, randomKeys, recordingAudit } from './fixtures.js';

const PAYLOAD = new TextEncoder().encode('{"secret":"do not leak me","admin_override":true}');

function setup(options: Partial<VaultOptions> = {}) {
  let now = 1_700_000_000_000;
  const audit = recordingAudit();
  const store = createMemoryStore();
  const vault = createVault({ store, keys: randomKeys(), audit: audit.hook, clock: () => now, ...options });
  return { vault, store, events: audit.events, advance: (ms: number) => (now += ms), now: () => now };
}

describe('evidence vault', () => {
  it('gives back the exact bytes and metadata to an allowed principal of the same tenant, and audits the read', async () => {
    const { vault, events, now } = setup();
    const ref = await vault.put(PAYLOAD, META);
    expect(ref).toMatch(/^ev_[A-Za-z0-9_-]{32}$/);
    const result = await vault.get(ref, OPERATOR);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Buffer.from(result.record.raw).equals(Buffer.from(PAYLOAD))).toBe(true);
    expect(result.record).toMatchObject({
      ref,
      meta: META,
      createdAt: now(),
      expiresAt: now() + DEFAULT_EVIDENCE_TTL_MS,
    });
    expect(events.map((event) => event.type)).toEqual(['evidence.stored', 'evidence.read']);
    expect(events[1]).toEqual({
      type: 'evidence.read',
      time: new Date(now()).toISOString(), // RFC 3339, as the gate's audit records write times
      ref,
      tenant: 'tenant-a',
      role: 'security-operator',
      principal: 'op-7',
    });
  });

  it('issues a different reference id for every put, even of the same bytes', async () => {
    const { vault } = setup();
    const refs = await Promise.all(Array.from({ length: 100 }, () => vault.put(PAYLOAD, META)));
    expect(new Set(refs).size).toBe(100);
  });

  const REFUSALS = [
    ['a role that may not read evidence', { role: 'support-agent', tenant: 'tenant-a' }, 'role_not_allowed'],
    ['an allowed role of another tenant', { ...OPERATOR, tenant: 'tenant-b' }, 'tenant_mismatch'],
  ] as const;
  for (const [who, principal, reason] of REFUSALS) {
    it(`refuses ${who} and audits the refusal`, async () => {
      const { vault, events } = setup();
      const ref = await vault.put(PAYLOAD, META);
      expect(await vault.get(ref, principal)).toEqual({ ok: false, code: 'refused', reason });
      expect(events.at(-1)).toMatchObject({
        type: 'evidence.read_refused',
        ref,
        role: principal.role,
        tenant: principal.tenant,
        reason,
      });
    });
  }

  it('honours a configured reader list', async () => {
    const { vault } = setup({ readers: ['incident-responder'] });
    const ref = await vault.put(PAYLOAD, META);
    expect((await vault.get(ref, OPERATOR)).ok).toBe(false);
    expect((await vault.get(ref, { role: 'incident-responder', tenant: 'tenant-a' })).ok).toBe(true);
  });

  it('never puts payload bytes into an audit event or a failure', async () => {
    const { vault, events, advance } = setup();
    const ref = await vault.put(PAYLOAD, META);
    const failures = [
      await vault.get(ref, { role: 'x', tenant: 'tenant-a' }),
      await vault.get(ref, { ...OPERATOR, tenant: 'tenant-b' }),
      await vault.get('ev_' + 'A'.repeat(32), OPERATOR),
    ];
    await vault.get(ref, OPERATOR);
    advance(DEFAULT_EVIDENCE_TTL_MS);
    failures.push(await vault.get(ref, OPERATOR));
    const text = JSON.stringify([events, failures]);
    expect(text).not.toContain('leak');
    expect(text).not.toContain(Buffer.from(PAYLOAD).toString('base64').slice(0, 12));
  });

  it('treats a malformed reference id as invalid without echoing it into the audit event', async () => {
    const { vault, events } = setup();
    for (const ref of ['', 'ev_short', 'ev_' + 'A'.repeat(31) + '!', 'xx_' + 'A'.repeat(32), '<script>']) {
      expect(await vault.get(ref, OPERATOR)).toEqual({ ok: false, code: 'invalid_ref' });
    }
    expect(events.every((event) => event.type === 'evidence.read_refused' && event.ref === undefined)).toBe(
      true,
    );
  });

  it('reports an unknown reference id as not found', async () => {
    const { vault } = setup();
    expect(await vault.get('ev_' + 'B'.repeat(32), OPERATOR)).toEqual({ ok: false, code: 'not_found' });
  });

  it('stops serving a record at its expiry and deletes it on purge', async () => {
    const { vault, events, advance } = setup({ ttlMs: 60_000 });
    const ref = await vault.put(PAYLOAD, META);
    advance(59_999);
    expect((await vault.get(ref, OPERATOR)).ok).toBe(true);
    advance(1);
    expect(await vault.get(ref, OPERATOR)).toEqual({ ok: false, code: 'expired' });
    expect(await vault.purge()).toBe(1);
    expect(await vault.get(ref, OPERATOR)).toEqual({ ok: false, code: 'not_found' });
    expect(events.find((event) => event.type === 'evidence.purged')).toMatchObject({ count: 1 });
  });

  it('revokes a record at once and reports a second revocation as not found', async () => {
    const { vault, events } = setup();
    const ref = await vault.put(PAYLOAD, META);
    expect(await vault.revoke(ref)).toEqual({ ok: true });
    expect(await vault.get(ref, OPERATOR)).toEqual({ ok: false, code: 'revoked' });
    expect(await vault.revoke(ref)).toEqual({ ok: false, code: 'not_found' });
    expect(await vault.revoke('nope')).toEqual({ ok: false, code: 'invalid_ref' });
    expect(events.filter((event) => event.type === 'evidence.revoked')).toHaveLength(1);
  });

  it('refuses a read whose audit event cannot be recorded', async () => {
    let failing = false;
    const { vault } = setup({
      audit: () => {
        if (failing) throw new Error('audit sink down');
      },
    });
    const ref = await vault.put(PAYLOAD, META);
    failing = true;
    expect(await vault.get(ref, OPERATOR)).toEqual({ ok: false, code: 'refused', reason: 'audit_failed' });
  });

  it('reports a record whose key the provider no longer holds as key_unavailable', async () => {
    const { vault, store, now } = setup();
    const ref = await vault.put(PAYLOAD, META);
    const other = createVault({ store, keys: randomKeys(['k9']), clock: now });
    expect(await other.get(ref, OPERATOR)).toEqual({ ok: false, code: 'key_unavailable' });
  });

  it('throws on configuration mistakes when defined, and on metadata a caller got wrong', async () => {
    const store = createMemoryStore();
    const keys = randomKeys();
    expect(() => createVault({ store, keys, ttlMs: 0 })).toThrow(TypeError);
    expect(() => createVault({ store, keys, ttlMs: 1.5 })).toThrow(TypeError);
    expect(() => createVault({ store, keys, readers: [] })).toThrow(TypeError);
    expect(() => createVault({ store, keys, readers: [''] })).toThrow(TypeError);
    const vault = createVault({ store, keys });
    await expect(vault.put(PAYLOAD, { ...META, tenant: '' })).rejects.toThrow(TypeError);
    await expect(vault.put(PAYLOAD, { ...META, tool: 'a\nb' })).rejects.toThrow(TypeError);
    await expect(vault.put(PAYLOAD, { ...META, requestId: 'r'.repeat(257) })).rejects.toThrow(TypeError);
  });

  it('locks the list of read failure codes', () => {
    expect(EVIDENCE_READ_CODES).toEqual([
      'invalid_ref',
      'refused',
      'not_found',
      'expired',
      'revoked',
      'tampered',
      'key_unavailable',
    ]);
  });
});
