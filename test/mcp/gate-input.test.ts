// What the adapter hands the gate: for every reply, the evidence and the audited digest are the bytes on the wire.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import { resolveClientLimits } from '../../src/mcp/client-limits.js';
import { resultContract } from '../../src/mcp/contract/result-contract.js';
import { gateInput } from '../../src/mcp/failure-input.js';
import type { EvidenceWriter } from '../../src/vocabulary/evidence-writer.js';
import { refLike } from '../faults/fixtures.js';

const { bounds } = resolveClientLimits({}, 4 * 1024 * 1024);
const TEXT_ONLY = defineTool(
  resultContract('echo', 'mcp.text-only', undefined, bounds.envelope, bounds.limits),
);
const CONTEXT = { requestId: 'req.GateInput1' };

/** A gate whose vault keeps what it is given, and its audit records. */
function recordingGate() {
  const stored: Uint8Array[] = [];
  const vault: EvidenceWriter = {
    put: (raw) => (stored.push(raw), Promise.resolve(refLike(String(stored.length)))),
  };
  const audit = memoryAuditSink();
  return { gate: createGate({ audit, vault }), stored, records: audit.records };
}

describe('gateInput', () => {
  it('keeps the exact wire bytes of any result as evidence and digest: escapes, astral characters, a BOM', async () => {
    const { gate, stored, records } = recordingGate();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme' }),
        fc.boolean(),
        fc.boolean(),
        async (text, bom, escaped) => {
          const json = JSON.stringify({ content: [{ type: 'text', text }] });
          const body = escaped
            ? json.replace(/[^\x20-\x7e]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
            : json;
          const bytes = new Uint8Array(Buffer.from((bom ? '\uFEFF' : '') + body));
          const input = gateInput({ kind: 'result', bytes, isError: false });
          await gate.accept(TEXT_ONLY, input.raw, CONTEXT);
          expect(Buffer.from(stored.at(-1)!).equals(Buffer.from(bytes))).toBe(true);
          expect(records.at(-1)!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sends malformed UTF-8 down the byte path, which refuses it with its offset and keeps it as evidence', async () => {
    const { gate, stored, records } = recordingGate();
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]);
    const outcome = await gate.accept(
      TEXT_ONLY,
      gateInput({ kind: 'result', bytes, isError: false }).raw,
      CONTEXT,
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_encoding' } });
    expect(records.at(-1)!.issue).toMatchObject({ code: 'read.invalid_utf8', offset: 2 });
    expect(Buffer.from(stored.at(-1)!).equals(Buffer.from(bytes))).toBe(true);
  });

  it('maps replies without a result to their failures', async () => {
    const { gate } = recordingGate();
    const code = async (reply: Parameters<typeof gateInput>[0]) => {
      const input = gateInput(reply);
      const outcome = await gate.accept(
        TEXT_ONLY,
        input.raw,
        CONTEXT,
        input.signal === undefined ? {} : { signal: input.signal },
      );
      return outcome.ok ? 'ok' : outcome.error;
    };
    expect(await code({ kind: 'timeout' })).toEqual({ code: 'timeout', retryable: true });
    expect(await code({ kind: 'failed' })).toEqual({ code: 'upstream_error', retryable: true });
    const error = new Uint8Array(Buffer.from('{"code":-32602,"message":"bad"}'));
    expect(await code({ kind: 'error', bytes: error })).toEqual({ code: 'upstream_error', retryable: false });
    const head = new Uint8Array(5 * 1024 * 1024).fill(0x61);
    expect(await code({ kind: 'too_large', head, total: 9e6, limit: 4 * 1024 * 1024 })).toEqual({
      code: 'result_too_large',
      retryable: false,
    });
  });
});
