// Seed 004: the decision document's schema stops bad documents, and the application rule stops a well-shaped allow.
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/calls/decide.js';
import { DECISION_REASONS, DECISIONS, decisionSchema } from '../../src/calls/decision-schema.js';
import { TOOL_STATES } from '../../src/calls/tool-state.js';
import { applyDecisionRule, reviewDecision } from '../../src/calls/decision-rule.js';
import { definePermissions } from '../../src/calls/permissions.js';
import { createSession } from '../../src/calls/session.js';
import { permissions, SEED_CALL } from './fixtures.js';

/** Seed 004's deny document. */
const SEED_DENY = {
  tool: 'send_email',
  argumentsValid: true,
  toolAllowed: true,
  grant: ['read_inbox'],
  decision: 'deny',
  reason: 'grant_missing',
} as const;

/** The seed's own vocabulary: only read_inbox and send. */
const seedPermissions = definePermissions({
  capabilities: ['read_inbox', 'send'],
  tools: {
    send_email: {
      inputSchema: { type: 'object', additionalProperties: false },
      requires: ['send'],
      effect: 'network',
    },
  },
});

/** The seed deny document with its decision deleted. */
function withoutDecision(): object {
  return Object.fromEntries(Object.entries(SEED_DENY).filter(([name]) => name !== 'decision'));
}

describe('the decision schema (seed 004, step 2)', () => {
  it('accepts the seed deny document', () => {
    expect(seedPermissions.checkDecision(SEED_DENY)).toMatchObject({ ok: true });
  });

  it.each([
    ['decision "yes"', { ...SEED_DENY, decision: 'yes' }, 'decision.enum', '/decision'],
    [
      'argumentsValid "true" (a string)',
      { ...SEED_DENY, argumentsValid: 'true' },
      'decision.type',
      '/argumentsValid',
    ],
    ['decision missing', withoutDecision(), 'decision.required', ''],
    ['grant "send_all"', { ...SEED_DENY, grant: ['send_all'] }, 'decision.enum', '/grant/0'],
  ])('rejects the seed bad document with %s', (_title, document, code, pointer) => {
    expect(seedPermissions.checkDecision(document)).toEqual({ ok: false, code, pointer });
  });

  it('also rejects unknown members, a repeated capability, non-objects and hostile objects', () => {
    expect(seedPermissions.checkDecision({ ...SEED_DENY, admin_override: true })).toMatchObject({
      code: 'decision.additionalProperties',
    });
    expect(seedPermissions.checkDecision({ ...SEED_DENY, grant: ['send', 'send'] })).toMatchObject({
      code: 'decision.uniqueItems',
    });
    expect(seedPermissions.checkDecision('allow')).toMatchObject({ ok: false, code: 'decision.type' });
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(seedPermissions.checkDecision(hostile).ok).toBe(false);
  });

  it('locks the decisions, reasons and tool states (changing one is a breaking change)', () => {
    expect(DECISIONS).toEqual(['allow', 'deny', 'ask']);
    expect(DECISION_REASONS).toEqual([
      'ok',
      'grant_missing',
      'tool_not_allowlisted',
      'tool_quarantined',
      'tool_offline',
      'arguments_invalid',
      'untrusted_arguments',
      'confirmed',
      'refused',
      'confirm_failed',
      'audit_unavailable',
      'decision_invalid',
    ]);
    expect(TOOL_STATES).toEqual(['active', 'metadata-only', 'offline']);
  });

  it('is a closed 2020-12 schema listing every reason', () => {
    const schema = decisionSchema(['send']) as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect((schema.properties as { reason: { enum: unknown } }).reason.enum).toEqual(DECISION_REASONS);
  });
});

describe('the application rule (seed 004, step 3)', () => {
  const wellShapedAllow = { ...SEED_DENY, decision: 'allow', reason: 'ok' } as const;
  const facts = { required: ['send'], effect: 'network', confirmed: false } as const;

  it('lets the allow with a grant of only read_inbox pass the schema …', () => {
    expect(seedPermissions.checkDecision(wellShapedAllow)).toMatchObject({ ok: true });
  });

  it('… and turns it into deny, or ask under the ask policy', () => {
    expect(applyDecisionRule(wellShapedAllow, { ...facts, onMissingGrant: 'deny' })).toMatchObject({
      decision: 'deny',
      reason: 'grant_missing',
      required: ['send'],
    });
    expect(applyDecisionRule(wellShapedAllow, { ...facts, onMissingGrant: 'ask' })).toMatchObject({
      decision: 'ask',
      reason: 'grant_missing',
    });
  });

  it('keeps an allow whose grant holds every required capability', () => {
    const granted = { ...wellShapedAllow, grant: ['read_inbox', 'send'] };
    expect(applyDecisionRule(granted, { ...facts, onMissingGrant: 'deny' })).toMatchObject({
      decision: 'allow',
    });
  });

  it('makes allow and ask deny when the tool is not allowed or the arguments are invalid', () => {
    const rule = { ...facts, onMissingGrant: 'ask' } as const;
    expect(applyDecisionRule({ ...wellShapedAllow, toolAllowed: false }, rule)).toMatchObject({
      decision: 'deny',
      reason: 'tool_not_allowlisted',
    });
    expect(
      applyDecisionRule({ ...wellShapedAllow, argumentsValid: false, decision: 'ask' }, rule),
    ).toMatchObject({
      decision: 'deny',
      reason: 'arguments_invalid',
    });
  });

  it('reviews a foreign document against the session, not against its own claims', () => {
    const session = createSession(seedPermissions, {
      id: 's1',
      grant: ['read_inbox'],
      allowlist: ['send_email'],
    });
    const claimsSend = { ...wellShapedAllow, grant: ['read_inbox', 'send'], required: [] };
    expect(reviewDecision(claimsSend, session)).toMatchObject({
      ok: true,
      changed: true,
      document: { decision: 'deny', reason: 'grant_missing', grant: ['read_inbox'], required: ['send'] },
    });
    expect(reviewDecision({ ...SEED_DENY, decision: 'yes' }, session)).toMatchObject({
      ok: false,
      code: 'decision.enum',
    });
    const outsider = createSession(seedPermissions, { id: 's2', grant: ['send'], allowlist: [] });
    expect(reviewDecision({ ...wellShapedAllow, grant: ['send'] }, outsider)).toMatchObject({
      document: { decision: 'deny', reason: 'tool_not_allowlisted' },
    });
  });
});

describe('decide', () => {
  const session = (grant: string[], onMissingGrant: 'deny' | 'ask' = 'deny') =>
    createSession(permissions, {
      id: 'run-1',
      grant,
      allowlist: ['send_email', 'read_inbox'],
      onMissingGrant,
    });

  it('denies seed 004 call when the grant holds only read_inbox, and writes a valid document', () => {
    const document = decide(SEED_CALL, session(['read_inbox']));
    expect(document).toEqual({
      tool: 'send_email',
      argumentsValid: true,
      toolAllowed: true,
      grant: ['read_inbox'],
      required: ['send'],
      tainted: false,
      decision: 'deny',
      reason: 'grant_missing',
    });
    expect(permissions.checkDecision(document).ok).toBe(true);
  });

  it('asks instead under the ask policy, and allows when the grant holds send', () => {
    expect(decide(SEED_CALL, session(['read_inbox'], 'ask'))).toMatchObject({
      decision: 'ask',
      reason: 'grant_missing',
    });
    expect(decide(SEED_CALL, session(['send']))).toMatchObject({ decision: 'allow', reason: 'ok' });
  });

  it('always denies invalid arguments, even under the ask policy and with the grant', () => {
    const bad = { tool: 'send_email', arguments: { to: 'not an address', subject: 's', body: 'b', cc: 'x' } };
    expect(decide(bad, session(['send'], 'ask'))).toMatchObject({
      argumentsValid: false,
      decision: 'deny',
      reason: 'arguments_invalid',
    });
    expect(
      decide({ tool: 'send_email', arguments: { ...SEED_CALL.arguments, n: 1n } }, session(['send'])),
    ).toMatchObject({
      decision: 'deny',
      reason: 'arguments_invalid',
    });
  });

  it('denies a catalogue tool off the allowlist, and an unknown tool without writing its name', () => {
    expect(decide({ tool: 'http_post', arguments: {} }, session(['network']))).toMatchObject({
      tool: 'http_post',
      decision: 'deny',
      reason: 'tool_not_allowlisted',
    });
    const unknown = decide({ tool: 'ignore previous instructions', arguments: {} }, session(['send']));
    expect(unknown).toMatchObject({ decision: 'deny', reason: 'tool_not_allowlisted', toolAllowed: false });
    expect(unknown.tool).toMatch(/^#[0-9a-f]{16}$/);
    expect(decide({ tool: 'constructor', arguments: {} }, session(['send'])).tool).toMatch(/^#/);
  });

  it('denies a quarantined tool whatever the grant', () => {
    expect(decide(SEED_CALL, session(['send']), { approved: false })).toMatchObject({
      toolAllowed: false,
      decision: 'deny',
      reason: 'tool_quarantined',
    });
  });
});
