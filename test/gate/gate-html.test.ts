// An html field through the whole gate: minimal markup kept, links hardened, growth from `rel` not held against it.
import { expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import type { Untrusted } from '../../src/taint/untrusted.js';

const tool = defineTool({
  name: 'kb_article',
  version: 'kb.v1',
  schema: {
    type: 'object',
    required: ['summary'],
    properties: {
      summary: {
        type: 'string',
        maxLength: 2000,
        'x-purpose': { kind: 'html', hosts: ['docs.example.com'] },
      },
    },
    additionalProperties: false,
  },
});
const gate = createGate({ audit: memoryAuditSink() });
const context = { requestId: 'req.12345678' };

test('a short allowed link is kept with its hardened rel, even though rel more than doubles it', async () => {
  const raw = JSON.stringify({ summary: 'See <a href="https://docs.example.com/g">x</a>.' });
  const outcome = await gate.accept(tool, raw, context);
  expect(outcome).toMatchObject({ ok: true, meta: { purposes: { '/summary': 'html' } } });
  expect(outcome.ok && revealUntrusted((outcome.data as { summary: Untrusted<string> }).summary)).toBe(
    'See <a href="https://docs.example.com/g" rel="noopener noreferrer nofollow ugc">x</a>.',
  );
});

test('script, event handlers and links to other hosts are removed, and reported by code', async () => {
  const raw = JSON.stringify({
    summary:
      '<p onclick="steal()">Hi<script>alert(1)</script> <a href="https://evil.example/?d=1">go</a></p>',
  });
  const outcome = await gate.accept(tool, raw, context);
  expect(outcome.ok).toBe(true);
  const summary = outcome.ok ? revealUntrusted((outcome.data as { summary: Untrusted<string> }).summary) : '';
  expect(summary).not.toMatch(/script|onclick|evil\.example|href/);
  expect(outcome.meta.findings.map((finding) => finding.code)).toEqual(
    expect.arrayContaining(['html.element_removed', 'html.attribute_removed']),
  );
  expect(JSON.stringify(outcome.meta.findings)).not.toMatch(/steal|evil/);
});
