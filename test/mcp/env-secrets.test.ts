// A real server dumps its environment: the planted keys never reach the agent, the UI or a prompt, only the vault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrompt } from '../../sinks/prompt/build.js';
import { DEFAULT_EGRESS_POLICY } from '../../src/egress/policy.js';
import { SINKS } from '../../src/rendering/sinks.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { isUntrusted } from '../../src/taint/untrusted.js';
import { EVERYTHING, openSession, spawnServer, TENANT, type McpSession } from './support/real-servers.js';

const CONTEXT = { requestId: 'req.EnvDump001', tenant: TENANT };
/** Keys of valid shape (a GitHub token with its checksum, an OpenAI project key), made up for this test. */
const GITHUB = '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';
const OPENAI = 'sk-proj-Xy7qRv2LmN9pK4sT8wZ1bC6dF3gH5jQ0aE2rU7iO9pLkM4nB8vC1xZ6qW3eR5tY7u';
const PLANTED = [GITHUB, OPENAI];

/** True when any 8-character piece of a planted key is in `text`. */
function leaks(text: string): boolean {
  return PLANTED.some((key) => {
    for (let i = 0; i + 8 <= key.length; i++) if (text.includes(key.slice(i, i + 8))) return true;
    return false;
  });
}

let session: McpSession;

beforeAll(async () => {
  const transport = spawnServer(EVERYTHING, ['stdio'], {
    env: { GITHUB_TOKEN: GITHUB, OPENAI_API_KEY: OPENAI, APP_GREETING: 'hello' },
  });
  session = await openSession(transport, { source: 'mcp.everything', requestTimeoutMs: 5000 });
});

afterAll(() => session.close());

describe('get-env of server-everything with keys planted in its environment', () => {
  it('hands the agent the environment with each key replaced by its typed marker', async () => {
    const result = await session.mcp.callTool('get-env', {}, CONTEXT);
    expect(result.outcome.ok).toBe(true);
    expect(result.text).toHaveLength(1);
    const text = result.text[0]!;
    expect(isUntrusted(text)).toBe(true);
    expect(revealUntrusted(text)).toContain('"GITHUB_TOKEN": "[redacted:secret:github]"');
    expect(revealUntrusted(text)).toContain('"OPENAI_API_KEY": "[redacted:secret:openai]"');
    expect(revealUntrusted(text)).toContain('"APP_GREETING": "hello"');
    expect(leaks(JSON.stringify(result))).toBe(false);
    const record = session.harness.records.at(-1)!;
    expect(record.findings).toContainEqual(
      expect.objectContaining({
        code: 'text.secret',
        pointer: '/content/0/text',
        count: 2,
        detail: { providers: 'github openai', github: 1, openai: 1 },
      }),
    );
    expect(leaks(JSON.stringify(record))).toBe(false);
  });

  it('renders no key in the html sink nor in the prompt sink', async () => {
    const result = await session.mcp.callTool('get-env', {}, CONTEXT);
    const text = result.text[0]!;
    const html = await SINKS.html.render({ purpose: 'text', value: text }, { policy: DEFAULT_EGRESS_POLICY });
    expect(html.text).toContain('[redacted:secret:github]');
    expect(leaks(html.text)).toBe(false);
    const prompt = buildPrompt({
      system: ['You read tool output.'],
      context: [text],
      instructions: ['Which variables are set?'],
    });
    const rendered = JSON.stringify(prompt);
    expect(rendered).toContain('redacted:secret:openai');
    expect(leaks(rendered)).toBe(false);
  });

  it('keeps the keys in the raw bytes the encrypted SQLite vault stores, and only there', async () => {
    await session.mcp.callTool('get-env', {}, CONTEXT);
    const record = session.harness.records.at(-1)!;
    const evidence = (await session.harness.evidenceOf(record)).toString('utf8');
    for (const key of PLANTED) expect(evidence).toContain(key);
    expect(leaks(JSON.stringify(record))).toBe(false);
  });
});
