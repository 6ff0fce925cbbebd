// The text purpose redacts secrets: typed markers, a `text.secret` finding without values, and a per-field opt-out.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { purpose } from '../../src/contract/zod-purpose.js';
import { createGate } from '../../src/gate/create-gate.js';
import { sanitizeText, sanitizeTextWithoutShortcuts } from '../../src/purposes/text/sanitize-text.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';
import { asJson } from '../support/as-json.js';

/** Tokens of valid shape (a GitHub token with its checksum, an OpenAI project key), made up for this test. */
const GITHUB = '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';
const OPENAI = 'sk-proj-Xy7qRv2LmN9pK4sT8wZ1bC6dF3gH5jQ0aE2rU7iO9pLkM4nB8vC1xZ6qW3eR5tY7u';

describe('sanitizeText and secrets', () => {
  it('replaces each secret with its typed marker and reports providers and counts, never values', () => {
    const result = sanitizeText(`Deploy used ${GITHUB}, then ${GITHUB} again.\npassword: hunter2-Blue!`);
    expect(result).toMatchObject({
      ok: true,
      value:
        'Deploy used [redacted:secret:github], then [redacted:secret:github] again.\n' +
        'password: [redacted:secret:generic]',
      findings: [
        {
          code: 'text.secret',
          pointer: '',
          count: 3,
          action: 'cleaned',
          detail: { providers: 'generic github', generic: 1, github: 2 },
        },
      ],
    });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(JSON.stringify(result)).not.toContain(GITHUB.slice(4, 12));
    const markers = 2 * '[redacted:secret:github]'.length + '[redacted:secret:generic]'.length;
    if (result.ok) expect(result.allowance).toBe(markers);
  });

  it('finds a secret that invisible characters split, since cleaning comes first', () => {
    const split = `${GITHUB.slice(0, 10)}\u200B${GITHUB.slice(10)}`;
    const result = sanitizeText(`token ${split}`);
    expect(result).toMatchObject({ ok: true, value: 'token [redacted:secret:github]' });
    expect(result.findings.map((finding) => finding.code)).toEqual(['text.zero_width', 'text.secret']);
  });

  it('redacts a secret smuggled in tag characters in the decoded payload too', () => {
    const tags = `key=${OPENAI}`.replace(/[\x20-\x7E]/g, (c) =>
      String.fromCodePoint(0xe0000 + c.charCodeAt(0)),
    );
    const result = sanitizeText(`hello ${tags}`);
    expect(result.ok && result.hidden.map((payload) => payload.decoded)).toEqual([
      'key=[redacted:secret:openai]',
    ]);
  });

  it('keeps secrets with `secrets: "keep"`, and agrees with the unshortened path either way', () => {
    const text = `Mit freundlichen Grüßen — 中文 ${OPENAI}`;
    expect(sanitizeText(text, { secrets: 'keep' })).toEqual({
      ok: true,
      value: text,
      findings: [],
      hidden: [],
    });
    for (const options of [{}, { secrets: 'keep' as const }]) {
      expect(sanitizeText(text, options)).toEqual(sanitizeTextWithoutShortcuts(text, options));
    }
    expect(sanitizeText(text).ok && sanitizeText(text)).toMatchObject({
      value: 'Mit freundlichen Grüßen — 中文 [redacted:secret:openai]',
    });
  });

  it('leaves prose, identifiers and digests alone', () => {
    for (const text of [
      'The session expired; sign in again, then open the key settings (page 2).',
      'Commit 3f9c2e1b7a5d4c6e8f0a1b2c3d4e5f6a7b8c9d0e fixed it; order 550e8400-e29b-41d4-a716-446655440000.',
    ]) {
      expect(sanitizeText(text)).toEqual({ ok: true, value: text, findings: [], hidden: [] });
    }
  });
});

describe('the text purpose in a contract', () => {
  const tool = (secrets?: 'keep' | 'drop') =>
    defineTool({
      name: 'build_log',
      version: 'build_log.v1',
      schema: z.object({
        log: purpose.text(z.string().max(2000)),
        raw: purpose.text(z.string().max(2000), secrets === undefined ? undefined : { secrets }),
      }),
    });

  it('redacts by default and keeps a field whose contract says `secrets: "keep"`', async () => {
    const audit = memoryAuditSink();
    const gate = createGate({ audit });
    const body = JSON.stringify({ log: `export GITHUB_TOKEN=${GITHUB}`, raw: `token ${GITHUB}` });
    const outcome = await gate.accept(tool('keep'), body, { requestId: 'req.00000001' });
    expect(asJson(outcome)).toMatchObject({
      ok: true,
      data: { log: 'export GITHUB_TOKEN=[redacted:secret:github]', raw: `token ${GITHUB}` },
    });
    expect(outcome.meta.findings).toEqual([
      expect.objectContaining({ code: 'text.secret', pointer: '/log', count: 1 }),
    ]);
    expect(JSON.stringify(audit.records)).not.toContain(GITHUB.slice(4, 12));
  });

  it('refuses a secrets option outside its union at definition time', () => {
    expect(() => tool('drop')).toThrow(ContractError);
  });
});
