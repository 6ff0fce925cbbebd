// Three newcomers follow the README in fresh projects with the packed tarball: an AI SDK developer, a React chat-UI
// developer, and an MCP user on the command line with an evidence vault. Each step is the README's, in its order.
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPECTED_OUTPUT, runExample } from './examples.js';
import { FIRST_MISTAKES, RENDER_HARNESS } from './newcomer-scripts.js';
import {
  APP_TSCONFIG,
  installIntoProject,
  packTarball,
  pinnedVersions,
  type PackedApp,
} from './packed-app.js';
import { readmeTypeScript, shortExample } from './readme-blocks.js';
import { startReviewService } from './review-service.js';
import { useTempDir } from '../support/temp-dir.js';

const work = useTempDir('newcomer');
const TOOLS = pinnedVersions(['typescript', '@types/node']);

/** The three fresh projects, each installed as its README section says, then given the tarball. */
let aiApp: PackedApp;
let uiApp: PackedApp;
let cliApp: PackedApp;
let review: Server;
let outcomes: Server;

/** The outcomes a chat UI's server sends as JSON: one accepted with hostile markup, one failed. */
const ACCEPTED = {
  ok: true,
  data: {
    title: 'Printer fixed',
    body: '<p>Fixed <strong>now</strong><img src=x onerror="alert(1)"></p><a href="https://evil.example/">x</a>',
  },
  meta: {
    tool: 'ticket',
    schemaVersion: 'ticket.v1',
    requestId: 'req.00000001',
    findings: [],
    purposes: { '/title': 'text', '/body': 'html' },
  },
};
const FAILED = {
  ok: false,
  error: { code: 'schema_mismatch', retryable: false },
  meta: { tool: 'ticket', schemaVersion: 'ticket.v1', requestId: 'req.00000002', findings: [] },
};

function serve(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(server);
    });
  });
}

/** The shipped case the MCP user reads back: an accepted result of tenant-a, sent as JSON. */
const CASE = 'same-tenant-accepted';

const origin = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  const tarball = packTarball(work);
  const project = (name: string, dependencies: Record<string, string>, devDependencies = {}) =>
    installIntoProject(work, tarball, { name, dependencies, devDependencies });
  const installs = await Promise.all([
    project('ai-sdk-app', pinnedVersions(['ai', 'zod']), {
      ...TOOLS,
      ...pinnedVersions(['@types/json-schema']),
    }),
    project('chat-ui', pinnedVersions(['react', 'react-dom']), {
      ...TOOLS,
      ...pinnedVersions(['@types/react', '@types/react-dom']),
    }),
    project('mcp-cli', pinnedVersions(['@modelcontextprotocol/client', 'better-sqlite3'])),
  ]);
  for (const { install } of installs) expect(install.stderr.match(/npm (error|ERR!).*/g) ?? []).toEqual([]);
  [aiApp, uiApp, cliApp] = installs.map(({ app }) => app) as [PackedApp, PackedApp, PackedApp];
  review = await startReviewService();
  outcomes = await serve((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url === '/failed' ? FAILED : ACCEPTED));
  });
}, 900_000);

afterAll(() => {
  review.close();
  outcomes.close();
});

describe.concurrent('three newcomers, side by side', () => {
  test('an AI SDK developer: the short example, then their first mistakes, refused where they are made', async ({
    expect,
  }) => {
    const dir = join(aiApp.dir, 'first-steps');
    mkdirSync(dir);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
    writeFileSync(join(dir, 'example.ts'), shortExample(`${origin(review)}/valid`));
    writeFileSync(join(dir, 'mistakes.ts'), FIRST_MISTAKES);
    const built = await aiApp.run('npx', ['tsc', '-p', 'first-steps/tsconfig.json'], { timeoutMs: 180_000 });
    expect(built.stdout + built.stderr).toBe('');
    const example = await aiApp.run('node', ['first-steps/build/example.js']);
    expect(example.code).toBe(0);
    expect(example.stdout).toMatch(/^approved <dl>/);
    const mistakes = await aiApp.run('node', ['first-steps/build/mistakes.js']);
    expect(mistakes.code).toBe(0);
    const [audit, vault, context, projection] = mistakes.stdout.split('\n');
    expect(audit).toMatch(
      /^TypeError: createGate: `audit` must be an audit sink, an object with a write\(record\)/,
    );
    expect(vault).toMatch(/^TypeError: createGate: `vault` must be an evidence writer/);
    expect(context).toMatch(
      /^TypeError: gate\.accept: the third argument, the request context, .*`requestId`/,
    );
    expect(projection).toMatch(/^ContractError: The pointer "\/titel" names nothing the schema declares/);
  }, 300_000);

  test('an AI SDK developer: the agent loop the README names runs from the copy the package ships', async ({
    expect,
  }) => {
    const shipped = join(aiApp.dir, 'node_modules/agent-airlock/examples');
    const { tsc, run } = await runExample(aiApp, 'ai-sdk', shipped);
    expect(tsc).toBe('');
    expect(run).toEqual({ code: 0, stdout: EXPECTED_OUTPUT['ai-sdk'], stderr: '' });
  }, 300_000);

  test("a React developer: the README's ToolMessage shows hostile markup inert and a failure as its code", async ({
    expect,
  }) => {
    const block = readmeTypeScript().find((candidate) => candidate.heading === 'Chat UI');
    if (block === undefined) throw new Error('README has no Chat UI block');
    writeFileSync(join(uiApp.dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
    writeFileSync(join(uiApp.dir, 'ToolMessage.tsx'), block.code);
    writeFileSync(join(uiApp.dir, 'render.mjs'), RENDER_HARNESS);
    const built = await uiApp.run('npx', ['tsc', '-p', 'tsconfig.json'], { timeoutMs: 180_000 });
    expect(built.stdout + built.stderr).toBe('');
    const accepted = await uiApp.run('node', ['render.mjs', `${origin(outcomes)}/accepted`]);
    expect(accepted.stderr).toBe('');
    expect(accepted.stdout).toContain('<dt>title</dt><dd>Printer fixed</dd>');
    expect(accepted.stdout).toContain('<p>Fixed <strong>now</strong></p>');
    expect(accepted.stdout).not.toMatch(/onerror|<img|evil\.example"/);
    const failed = await uiApp.run('node', ['render.mjs', `${origin(outcomes)}/failed`]);
    expect(failed.stdout).toBe('<div data-airlock-output="">schema_mismatch</div>\n');
  }, 300_000);

  test('an MCP user: keys, the packs with a vault, evidence read back, keys again, store mistakes', async ({
    expect,
  }) => {
    const airlock = (...args: string[]) => cliApp.run('npx', ['airlock', ...args], { timeoutMs: 300_000 });
    const reader = ['--role', 'security-operator', '--tenant', 'tenant-a'];

    // MCP in five minutes: the key file first.
    const made = await airlock('keys', 'rotate', '--init', '--key-file', 'keys.json');
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toMatch(
      /^created the key file keys\.json \(mode 0600\)\ncurrent key \S+: re-wrapped 0/,
    );
    expect(statSync(join(cliApp.dir, 'keys.json')).mode & 0o777).toBe(0o600);

    // Fixture packs with the embedded vault; one case read back with no key option (the file beside the store).
    const packs = 'node_modules/agent-airlock/fixtures/packs';
    const vault = ['--vault', 'sqlite:.data/evidence.sqlite', '--format', 'json', '--out', 'report.json'];
    const run = await airlock('fixtures', 'run', packs, ...vault);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('created the key file .data/evidence.keys.json (mode 0600)');
    const report = JSON.parse(readFileSync(join(cliApp.dir, 'report.json'), 'utf8')) as {
      packs: Array<{ cases: Array<{ id: string; evidence?: string }> }>;
    };
    const ref = report.packs.flatMap((pack) => pack.cases).find((c) => c.id === CASE)?.evidence ?? '';
    expect(ref).toMatch(/^ev_/);
    const read = await airlock('evidence', 'get', ref, ...reader);
    expect(read).toMatchObject({ code: 0, stderr: '' });
    const pack = JSON.parse(readFileSync(join(cliApp.dir, packs, 'binding/pack.json'), 'utf8')) as {
      cases: Array<{ id: string; input: { json?: unknown } }>;
    };
    expect(JSON.parse(read.stdout)).toEqual(pack.cases.find((c) => c.id === CASE)?.input.json);
    const audit = readFileSync(join(cliApp.dir, '.data/evidence-audit.jsonl'), 'utf8').trim().split('\n');
    const times = audit.map((line) => String((JSON.parse(line) as { time: unknown }).time));
    expect(times.filter((time) => !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(time))).toEqual([]);

    // A key list for the environment; a rotation of the key file beside the store, its summary on stdout.
    const listed = await airlock('keys', 'new');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout).toMatch(/^AIRLOCK_VAULT_KEYS=\*[A-Za-z0-9._-]+:[A-Za-z0-9+/]{43}=\n$/);
    const rotated = await airlock('keys', 'rotate');
    expect(rotated).toMatchObject({ code: 0, stderr: '' });
    expect(rotated.stdout).toMatch(/^current key \S+: re-wrapped [1-9]\d*, key unavailable 0, tampered 0/);
    expect((await airlock('evidence', 'get', ref, ...reader)).code).toBe(0);

    // Store mistakes: a server store whose driver is not installed, a kind of store there is none of.
    const postgres = await airlock('evidence', 'get', ref, ...reader, '--store', 'postgres://127.0.0.1:1/x');
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toMatch(/^airlock evidence get: .*\bpg\b/);
    const mysql = await airlock('evidence', 'get', ref, ...reader, '--store', 'mysql://db/evidence');
    expect(mysql.code).toBe(2);
    expect(mysql.stderr).toContain('--store mysql:// is not a store Airlock speaks');
  }, 600_000);
});
