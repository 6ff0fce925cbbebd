// Runs one document through a compiled tool and through the same tool interpreted, and says whether they agree.
import { expect } from 'vitest';
import type { AuditRecord } from '../../src/audit/record.js';
import { Unsupported } from '../../src/compile/compile-pass.js';
import type { ToolDefinition } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import type { RequestContext } from '../../src/bind/rules.js';
import { heldValue, isUntrusted } from '../../src/taint/untrusted.js';

/** The request context of every differential run. */
export const CONTEXT: RequestContext = Object.freeze({
  requestId: 'req.J7q94MkP',
  tenant: 'tenant-a',
  now: '2026-07-18T09:30:30Z',
});

const records: AuditRecord[] = [];
const gate = createGate({
  audit: { write: (record) => void records.push(record) },
  clock: () => 1_800_000_000_000,
});

/** The same tool with its compiled pass taken away: the gate interprets its contract stage by stage. */
export function interpreted<T>(tool: ToolDefinition<T>): ToolDefinition<T> {
  return { ...tool, pass: new Unsupported('', 'the reference interpreter') };
}

/** A value with its untrusted wrappers and its objects' prototypes made visible to deep equality. */
function canonical(value: unknown): unknown {
  if (isUntrusted(value)) return { untrusted: value.source, value: heldValue(value) };
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.keys(value).map((key) => [key, canonical((value as Record<string, unknown>)[key])]);
  return { prototype: Object.getPrototypeOf(value) === null ? 'null' : 'object', entries };
}

/** An audit record with its timings reduced to the stages they name (durations differ run to run). */
function untimed(record: AuditRecord | undefined): unknown {
  if (record === undefined) return undefined;
  return { ...record, timings: Object.keys(record.timings) };
}

/**
 * Sends `text` through both tools and expects the same outcome (its JSON byte for byte, its data with
 * wrappers and prototypes, its purposes) and the same audit record. Returns whether the document was accepted.
 */
export async function expectSameAnswer<T>(compiled: ToolDefinition<T>, text: string): Promise<boolean> {
  records.length = 0;
  const fast = await gate.accept(compiled, text, CONTEXT);
  const fastRecord = untimed(records[0]);
  records.length = 0;
  const reference = await gate.accept(interpreted(compiled), text, CONTEXT);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
  expect(canonical(fast)).toEqual(canonical(reference));
  expect(fastRecord).toEqual(untimed(records[0]));
  return reference.ok;
}
