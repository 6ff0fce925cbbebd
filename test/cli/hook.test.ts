// `airlock hook claude-code` as Claude Code runs it: a child process, recorded PostToolUse inputs, stdout and exit code.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { unwrapBlock } from '../adapters/fixtures.js';
import { HOSTILE_TEXT, HOSTILE_TEXT_IN_BLOCK, PLANTED_TOKEN } from '../adapters/hostile-output.js';
import { useTempDir } from '../support/temp-dir.js';
import { runBin } from './run-bin.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/claude-code/', import.meta.url));
const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');
const dir = useTempDir('hook');

/** A recorded PostToolUse input, as text. */
const fixture = (name: string): string => readFileSync(join(FIXTURES, `${name}.json`), 'utf8');

/** Runs the hook on `stdin` with `args`; its answer parsed, and the process's bytes. */
async function hook(stdin: string, args: string[] = []) {
  const run = await runBin(['hook', 'claude-code', ...args], { cwd: FIXTURES, stdin });
  const answer = JSON.parse(run.stdout) as { hookSpecificOutput: Record<string, unknown> };
  return { ...run, output: answer.hookSpecificOutput };
}

/** The exact stdout of an answer whose replacement is `replacement`, with or without `updatedMCPToolOutput`. */
function answerBytes(replacement: unknown, mcp: boolean): string {
  const output = { hookEventName: 'PostToolUse', updatedToolOutput: replacement };
  return `${JSON.stringify({ hookSpecificOutput: mcp ? { ...output, updatedMCPToolOutput: replacement } : output })}\n`;
}

/** The untrusted block the answer carries for a built-in tool (a string) or an MCP tool (one text block). */
function blockOf(output: Record<string, unknown>): string {
  const replacement = output.updatedToolOutput;
  return Array.isArray(replacement) ? (replacement[0] as { text: string }).text : (replacement as string);
}

const error = (code: string, retryable = false): string => JSON.stringify({ error: { code, retryable } });

describe('built-in tools: the object is any JSON whose strings are text', () => {
  for (const [name, tool, content] of [
    ['bash', 'Bash', `{"stdout":"${HOSTILE_TEXT_IN_BLOCK}","stderr":"","interrupted":false,"isImage":false}`],
    [
      'read',
      'Read',
      '{"type":"text","file":{"filePath":"/home/dev/tickets/notes/T-42.md",' +
        `"content":"${HOSTILE_TEXT_IN_BLOCK}","numLines":2,"startLine":1,"totalLines":2}}`,
    ],
    [
      'webfetch',
      'WebFetch',
      `{"bytes":2048,"code":200,"codeText":"OK","result":"${HOSTILE_TEXT_IN_BLOCK}","durationMs":812,` +
        '"url":"https://status.example.com/"}',
    ],
  ] as const) {
    test(`${tool}: exit 0, the output replaced by one untrusted block; boundary defused, token redacted`, async () => {
      const run = await hook(fixture(name));
      expect(run.code).toBe(0);
      const { nonce } = unwrapBlock(blockOf(run.output), tool);
      const block = `<untrusted-${nonce} source="${tool}" format="tags">\n${content}\n</untrusted-${nonce}>`;
      expect(run.stdout).toBe(answerBytes(block, false));
      expect(run.stdout).not.toContain(PLANTED_TOKEN);
      expect(run.stderr).toBe('');
    });
  }
});

describe('MCP tools: content through the MCP result contract, answered as one text block', () => {
  test('content blocks: prose in the block, the image as a placeholder without its bytes', async () => {
    const run = await hook(fixture('mcp-blocks'));
    expect(run.code).toBe(0);
    const { nonce } = unwrapBlock(blockOf(run.output), 'mcp__tickets__get_ticket');
    const content =
      `{"text":["${HOSTILE_TEXT_IN_BLOCK}"],` +
      '"placeholders":[{"kind":"image","index":1,"mimeType":"image/png","size":8}]}';
    const block = `<untrusted-${nonce} source="mcp__tickets__get_ticket" format="tags">\n${content}\n</untrusted-${nonce}>`;
    expect(run.stdout).toBe(answerBytes([{ type: 'text', text: block }], true));
    expect(run.stdout).not.toContain('iVBOR');
  });

  test('a string: one text block of prose', async () => {
    const run = await hook(fixture('mcp-string'));
    const { content } = unwrapBlock(blockOf(run.output), 'mcp__tickets__search');
    expect(content).toBe(`{"text":["${HOSTILE_TEXT_IN_BLOCK}"]}`);
  });

  test('an isError result is the typed error and nothing of its "Approved."', async () => {
    const run = await hook(fixture('mcp-error'));
    expect(run.stdout).toBe(answerBytes([{ type: 'text', text: error('upstream_error') }], true));
  });
});

describe('--contract TOOL=FILE', () => {
  const args = ['--contract', 'mcp__tickets__lookup=ticket.contract.json'];

  test('JSON text the tool printed is checked against the contract and shown projected', async () => {
    const run = await hook(fixture('mcp-json-text'), args);
    const { content } = unwrapBlock(blockOf(run.output), 'ticket_lookup');
    expect(content).toBe(`{"id":"T-42","title":"${HOSTILE_TEXT_IN_BLOCK}","status":"open"}`);
  });

  test('an extra member is schema_mismatch: the model sees the typed error only', async () => {
    const input = JSON.parse(fixture('mcp-json-text')) as { tool_response: string };
    input.tool_response = input.tool_response.replace('"status"', '"admin_override":true,"status"');
    const run = await hook(JSON.stringify(input), args);
    expect(run.stdout).toBe(answerBytes([{ type: 'text', text: error('schema_mismatch') }], true));
    expect(run.stderr).toBe(
      'airlock hook claude-code: rejected: schema_mismatch (validate: validate.additionalProperties)\n',
    );
  });

  test('a contract that cannot be loaded fails closed: internal_error, and why on stderr', async () => {
    writeFileSync(
      join(dir, 'open.json'),
      JSON.stringify({ name: 't', version: 'v1', schema: { type: 'object' } }),
    );
    const run = async (file: string) =>
      runBin(['hook', 'claude-code', '--contract', `Bash=${join(dir, file)}`], {
        cwd: FIXTURES,
        stdin: fixture('bash'),
      });
    const open = await run('open.json');
    expect(open.code).toBe(0);
    expect(open.stdout).toBe(answerBytes(error('internal_error'), false));
    expect(open.stderr).toMatch(/^airlock hook claude-code: Objects must be closed/);
    const missing = await run('missing.json');
    expect(missing.stdout).toBe(answerBytes(error('internal_error'), false));
    expect(missing.stderr).toMatch(/^airlock hook claude-code: .*missing\.json/);
    expect(open.stderr + missing.stderr).not.toContain('Printer');
  });
});

describe('failing closed', () => {
  test('a 50 MB tool response: result_too_large once the input ceiling is crossed', () => {
    const input = JSON.parse(fixture('bash')) as { tool_response: { stdout: string } };
    input.tool_response.stdout = `${HOSTILE_TEXT} ${'A'.repeat(50 << 20)}`;
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', TSX, BIN, 'hook', 'claude-code'], {
      cwd: FIXTURES,
      input: JSON.stringify(input),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(answerBytes(error('result_too_large'), true));
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  test('input that is not JSON, or not a PostToolUse input: a typed error, never the output, no input echoed', async () => {
    const garbage = await hook(`not json ${HOSTILE_TEXT}`);
    expect(garbage.code).toBe(0);
    expect(garbage.stdout).toBe(answerBytes(error('invalid_json'), true));
    expect(garbage.stderr).toBe('airlock hook claude-code: input refused: invalid_json (parse.syntax)\n');
    const pre = fixture('bash').replace('"PostToolUse"', '"PreToolUse"');
    expect((await hook(pre)).stdout).toBe(answerBytes(error('schema_mismatch'), true));
    const twice = fixture('bash').replace(
      '"tool_name": "Bash",',
      '"tool_name": "Bash", "tool_name": "Read",',
    );
    expect((await hook(twice)).stdout).toBe(answerBytes(error('invalid_json'), true));
  });

  test('a bad option answers internal_error and exits 0; --help prints the usage', async () => {
    const run = await hook(fixture('bash'), ['--bogus']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(answerBytes(error('internal_error'), true));
    expect(run.stderr).toBe(
      'airlock hook claude-code: unknown option --bogus (see airlock hook claude-code --help)\n',
    );
    const help = await runBin(['hook', 'claude-code', '--help'], { cwd: FIXTURES });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: airlock hook claude-code/);
  });

  test('standard input that never ends: timeout at the read deadline, still an answer', async () => {
    const run = await runBin(['hook', 'claude-code'], { cwd: FIXTURES, keepStdin: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(answerBytes(error('timeout', true), true));
    expect(run.ms).toBeLessThan(15_000);
  });
});
