// The adapter against the real server-filesystem over stdio: big files, the receive ceiling, tool errors, evidence.
import type { Untrusted } from '../../src/taint/untrusted.js';
import { asJson } from '../support/as-json.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpToolClient } from '../../src/mcp/tool-client.js';
import {
  FILESYSTEM,
  openSession,
  parsedEvidence,
  spawnServer,
  TENANT,
  type EvidenceHarness,
  type McpSession,
} from './support/real-servers.js';

const CONTEXT = { requestId: 'req.Filesystem1', tenant: TENANT };
const MiB = 1024 * 1024;

/** About `bytes` of readable text: numbered lines, some with accented letters. */
function fileText(bytes: number): string {
  const line = (i: number) =>
    `${String(i).padStart(7, '0')} ${i % 10 === 0 ? 'café crème, naïve façade' : 'plain ascii line of text'}\n`;
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const next = line(i);
    lines.push(next);
    size += Buffer.byteLength(next);
  }
  return lines.join('');
}

let root: string;
let session: McpSession;
let harness: EvidenceHarness;
let client: McpSession['client'];
let mcp: McpToolClient;
const medium = fileText(1.5 * MiB);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'airlock-fs-'));
  writeFileSync(join(root, 'small.txt'), 'hello from a small file\n');
  writeFileSync(join(root, 'medium.txt'), medium);
  writeFileSync(join(root, 'huge.txt'), fileText(20 * MiB));
  session = await openSession(spawnServer(FILESYSTEM, [root]), { source: 'mcp.files' });
  ({ harness, client, mcp } = session);
});

afterAll(async () => {
  await session.close();
  rmSync(root, { recursive: true, force: true });
});

describe('server-filesystem over stdio', () => {
  it('uses every published output schema, hardened, instead of refusing them', async () => {
    const reviews = await mcp.listTools();
    const withSchemas = reviews.filter((review) => review.contract?.source !== 'none');
    expect(withSchemas.length).toBeGreaterThan(10);
    expect(withSchemas.every((review) => review.contract?.source === 'server')).toBe(true);
  });

  it('reads a small file through the server schema', async () => {
    const result = await mcp.callTool('read_text_file', { path: join(root, 'small.txt') }, CONTEXT);
    expect(asJson(result.outcome)).toMatchObject({
      ok: true,
      data: { content: 'hello from a small file\n' },
    });
    expect(result.text.map((text) => revealUntrusted(text))).toEqual(['hello from a small file\n']);
  });

  it('reads a 1.5 MB file whole with the default limits', async () => {
    const result = await mcp.callTool('read_text_file', { path: join(root, 'medium.txt') }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: true });
    expect(revealUntrusted((result.outcome as { data: { content: Untrusted<string> } }).data.content)).toBe(
      medium,
    );
    expect(result.complete).toBe(true);
    expect(revealUntrusted(result.text[0]!)).toBe(medium);
  });

  it('cuts prose to the text budget visibly, after validating the whole result', async () => {
    const budgeted = session.adapter({ textLimits: { maxBlockChars: 1000 } });
    const result = await budgeted.callTool('read_text_file', { path: join(root, 'medium.txt') }, CONTEXT);
    expect(result.outcome.ok).toBe(true);
    expect(result.complete).toBe(false);
    expect(revealUntrusted(result.text[0]!)).toBe(medium.slice(0, 1000));
    expect(result.blocks[0]).toMatchObject({ kind: 'text', complete: false });
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        code: 'mcp.text_truncated',
        pointer: '/content/0',
        detail: { length: medium.length, kept: 1000 },
      }),
    );
    budgeted.close();
  });

  it('ends a 20 MB file as result_too_large below the SDK, and the connection serves the next call', async () => {
    const result = await mcp.callTool('read_text_file', { path: join(root, 'huge.txt') }, CONTEXT);
    expect(result.outcome).toMatchObject({
      ok: false,
      error: { code: 'result_too_large', retryable: false },
    });
    const size = result.findings.find((finding) => finding.code === 'mcp.reply_too_large');
    expect(size?.detail).toMatchObject({ limit: 4 * MiB });
    expect(size?.detail?.bytes).toBeGreaterThan(40 * 1000 * 1000);
    const record = harness.records.at(-1)!;
    expect(record.issue).toMatchObject({ stage: 'read', code: 'read.too_large', limit: 4 * MiB });
    const head = await harness.evidenceOf(record);
    expect(head.length).toBe(4 * MiB);
    expect(head.subarray(0, 42).toString()).toBe('{"content":[{"type":"text","text":"0000000');
    const next = await mcp.callTool('read_text_file', { path: join(root, 'small.txt') }, CONTEXT);
    expect(next.outcome.ok).toBe(true);
    expect(await client.ping()).toEqual({});
  });

  it('passes the server’s refusal of a path outside its root on as untrusted error text', async () => {
    const result = await mcp.callTool('read_text_file', { path: '/etc/passwd' }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
    expect(revealUntrusted(result.errorText[0]!)).toMatch(/access denied/i);
    expect(JSON.stringify(result.outcome)).not.toMatch(/access denied/i);
    expect(parsedEvidence(await harness.evidenceOf(harness.records.at(-1)!))).toMatchObject({
      isError: true,
    });
  });

  it('stores, for every call, evidence the CLI reads back with the audited digest', async () => {
    const evidence = await harness.checkAll();
    for (const [index, bytes] of evidence.entries()) {
      if (harness.records[index]!.issue?.code === 'read.too_large') continue;
      const result = parsedEvidence(bytes);
      expect(Array.isArray(result.content)).toBe(true);
    }
  });
});
