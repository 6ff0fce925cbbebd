// Properties of what reaches the agent through the real gate: no canary from a refused or dropped field, only the
// trusted tenant, no forbidden URL scheme, and exactly one outcome for any value at any place of the contract.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { AuditRecord } from '../../src/audit/record.js';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { DEFAULT_EGRESS_POLICY } from '../../src/egress/policy.js';
import { AGENT_CODES } from '../../src/vocabulary/codes.js';
import { createGate } from '../../src/gate/create-gate.js';
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';
import { renderOutcome } from '../../src/packs/render-sinks.js';
import type { RawInput } from '../../src/read/input.js';
import {
  boundaryTool,
  CONTEXT,
  FORBIDDEN_SCHEMES,
  item,
  page,
  TENANT,
  type Item,
} from './boundary-contract.js';

const tool = boundaryTool();

async function accept(raw: RawInput): Promise<{ outcome: ToolOutcome<unknown>; record: AuditRecord }> {
  const audit = memoryAuditSink();
  const outcome = await createGate({ audit }).accept(tool, raw, CONTEXT);
  const record = audit.records[0];
  if (record === undefined) throw new Error('the gate wrote no audit record');
  return { outcome, record };
}

/** The outcome JSON (with every string it holds) and the prompt's data message. */
async function agentFacing(raw: RawInput): Promise<{ outcome: ToolOutcome<unknown>; seen: string }> {
  const { outcome, record } = await accept(raw);
  const rendered = await renderOutcome(outcome, record, DEFAULT_EGRESS_POLICY);
  return { outcome, seen: `${rendered.agent.outcome}\n${rendered.agent.prompt_data}` };
}

/** A canary no sanitizer changes and no generated text contains. */
const canary = fc.stringMatching(/^[0-9A-F]{12}$/).map((hex) => `CANARY${hex}`);

/** Where a canary is planted: a member the contract does not know, or the note the projection drops. */
const planting = fc.constantFrom('unknown-top', 'unknown-item', 'dropped-note', 'refused-document');

function plant(document: { tenantId: string; items: Item[] }, where: string, mark: string): unknown {
  const items = document.items.length > 0 ? document.items : [];
  switch (where) {
    case 'unknown-top':
      return { ...document, [`x_${mark}`]: mark, debug: { hint: mark } };
    case 'unknown-item':
      return {
        ...document,
        items: [
          ...items,
          {
            id: 'T-1',
            title: 't',
            status: 'open',
            href: 'https://tickets.example.com/',
            note: '',
            extra: mark,
          },
        ],
      };
    case 'dropped-note':
      return {
        ...document,
        items: items.map((entry) => ({ ...entry, note: `${entry.note} ${mark}`.slice(-120) })),
      };
    default:
      return { ...document, tenantId: 'tenant-b', items: items.map((entry) => ({ ...entry, title: mark })) };
  }
}

describe('what the agent sees', () => {
  test('a canary in an unknown member, a dropped field or a refused document never reaches the outcome or the prompt', async () => {
    await fc.assert(
      fc.asyncProperty(page, planting, canary, async (document, where, mark) => {
        const { outcome, seen } = await agentFacing(JSON.stringify(plant(document, where, mark)));
        expect(seen).not.toContain(mark);
        if (where === 'unknown-top' || where === 'unknown-item' || where === 'refused-document')
          expect(outcome.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('an accepted outcome carries the trusted tenant and no other tenant id', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(page, async (document) => {
        const { outcome } = await accept(JSON.stringify(document));
        if (!outcome.ok) return;
        accepted++;
        expect(document.tenantId).toBe(TENANT);
        expect((outcome.data as { tenantId: string }).tenantId).toBe(TENANT);
        expect(JSON.stringify(outcome)).not.toMatch(/tenant-(b|zz|aa)\b|Tenant-a/);
      }),
      { numRuns: 300 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(50);
  });

  test('no forbidden scheme survives in an accepted url field; every href is https', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 4 }), async (items) => {
        const { outcome } = await accept(JSON.stringify({ tenantId: TENANT, items }));
        if (!outcome.ok) {
          if (
            items.some((entry) =>
              FORBIDDEN_SCHEMES.some((scheme) => entry.href.trim().toLowerCase().startsWith(scheme)),
            )
          )
            expect(outcome.error.code).toBe('unsafe_content');
          return;
        }
        accepted++;
        for (const shown of (outcome.data as { items: { href: string }[] }).items) {
          expect(new URL(shown.href).protocol).toBe('https:');
          expect(shown.href.toLowerCase()).not.toMatch(/^\s*(javascript|data|vbscript|file):/);
        }
      }),
      { numRuns: 400 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(50);
  });

  test('any JSON value at any place of the contract ends as exactly one well-formed outcome, never a throw', async () => {
    const places = fc.constantFrom(
      '',
      'tenantId',
      'items',
      'items.0',
      'items.0.id',
      'items.0.title',
      'items.0.href',
      'items.0.status',
    );
    await fc.assert(
      fc.asyncProperty(page, places, fc.jsonValue({ maxDepth: 4 }), async (document, place, value) => {
        const replaced = replaceAt(document, place, value);
        const { outcome, record } = await accept(JSON.stringify(replaced));
        expect(typeof outcome.ok).toBe('boolean');
        if (!outcome.ok) {
          expect(AGENT_CODES).toContain(outcome.error.code);
          expect(Object.keys(outcome).sort()).toEqual(['error', 'meta', 'ok']);
          expect(record.outcome).toBe('rejected');
        } else expect(record.outcome).toBe('accepted');
      }),
      { numRuns: 400 },
    );
  });
});

function replaceAt(document: unknown, place: string, value: unknown): unknown {
  if (place === '') return value;
  const copy = structuredClone(document) as Record<string, unknown>;
  const path = place.split('.');
  let target: Record<string, unknown> | undefined = copy;
  for (const segment of path.slice(0, -1)) {
    const next: unknown = target?.[segment];
    target = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : undefined;
  }
  const last = path.at(-1);
  if (target !== undefined && last !== undefined) target[last] = value;
  return copy;
}
