// What the gate benchmarks share, from the package as built for install: the ticket tool, the naive path, the gates.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contractFromJson, createGate, defineTool, jsonLinesAuditSink, type Gate } from 'agent-airlock';
import {
  buildKeyRing,
  createFileAuditHook,
  createSqliteStore,
  createStaticKeyProvider,
  createVault,
} from 'agent-airlock/vault';
import { ticketSearchJson } from './fixtures/ticket-search.js';
import { projectRoot } from './harness.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const CONTRACT = join(projectRoot(), 'fixtures/contracts/ticket-search.contract.json');

/** The request every benchmarked call answers. */
export const CONTEXT = {
  requestId: 'req.bench0001',
  tenant: 'tenant-a',
  limit: 5000,
  now: '2026-07-18T09:31:00Z',
};

/** The ticket-search contract with ceilings raised for the 2 MB response, and its schema. */
export function ticketTool() {
  const contract = contractFromJson(JSON.parse(readFileSync(CONTRACT, 'utf8')));
  const big = 16 * 1024 * 1024;
  return {
    tool: defineTool({
      ...contract,
      limits: { read: { maxRawBytes: big, maxDecodedBytes: big }, output: { safeMaxBytes: big } },
    }),
    schema: contract.schema,
  };
}

/** The naive path a hand-written adapter takes: decode, JSON.parse, one ajv validate (same schema). */
export function naivePath(schema: object): (bytes: Uint8Array) => boolean {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-purpose' });
  const validate = ajv.compile(schema);
  const decoder = new TextDecoder();
  return (bytes) => validate(JSON.parse(decoder.decode(bytes)));
}

/** A ticket search of `items` tickets as the bytes a transport delivers. */
export function ticketBytes(items: number): Uint8Array {
  return new TextEncoder().encode(ticketSearchJson(items));
}

/** The gate with no vault and an audit sink that drops records: the pipeline's own cost. */
export function bareGate(): Gate {
  return createGate({ audit: { write: () => undefined } });
}

/**
 * The gate as a user runs it: evidence in an encrypted SQLite vault (its own audit hook appending to a file)
 * and the gate's JSON-lines audit records appended to a file. `close` removes everything it created.
 */
export function vaultGate(): { readonly gate: Gate; close(): Promise<void> } {
  const folder = mkdtempSync(join(tmpdir(), 'airlock-bench-gate-'));
  const store = createSqliteStore(join(folder, 'evidence.sqlite'));
  const keys = createStaticKeyProvider(buildKeyRing('k1', [['k1', randomBytes(32)]]));
  const vault = createVault({ store, keys, audit: createFileAuditHook(join(folder, 'vault-audit.jsonl')) });
  const lines = createWriteStream(join(folder, 'gate-audit.jsonl'), { flags: 'a' });
  const gate = createGate({ vault, audit: jsonLinesAuditSink(lines) });
  return {
    gate,
    async close() {
      await new Promise((resolve) => lines.end(resolve));
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
