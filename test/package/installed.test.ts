// The package as a user installs it: packed, installed into a fresh app, its README, entries and CLI run there.
import type { Server } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { startDemo } from './demo-process.js';
import { EXAMPLES, EXPECTED_OUTPUT, runExample } from './examples.js';
import { APP_TSCONFIG, MANIFEST, packAndInstall, type PackedApp } from './packed-app.js';
import { readmePackagePaths, schemaTarget, shippedSchemaPointers } from './package-paths.js';
import { readmeTypeScript, runShortExample } from './readme-blocks.js';
import { REVIEW, startReviewService } from './review-service.js';

const work = useTempDir('installed');
let app: PackedApp;
let server: Server;
let origin = '';

const ENTRIES = Object.keys(MANIFEST.exports)
  .filter((entry) => !entry.endsWith('.json'))
  .map((entry) => (entry === '.' ? MANIFEST.name : `${MANIFEST.name}/${entry.slice(2)}`));

beforeAll(async () => {
  [app, server] = await Promise.all([packAndInstall(work), startReviewService()]);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 600_000);

afterAll(() => {
  server.close();
});

describe('the tarball', () => {
  test('ships the built entries, the fixtures and the documents, and no sources or maps', async () => {
    const listing = await app.run('tar', ['-tzf', app.tarball]);
    const files = listing.stdout.split('\n').filter(Boolean);
    for (const path of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/browser/airlock-sinks.js',
      'dist/browser/airlock-react.js',
      'dist/demo/demo.js',
      'dist/demo/demo.css',
      'dist/src/cli/bin.js',
    ])
      expect(files).toContain(`package/${path}`);
    for (const path of ['README.md', 'LICENSE', 'CHANGELOG.md', 'fixtures/packs/benign/pack.json'])
      expect(files).toContain(`package/${path}`);
    expect(files.filter((file) => /^package\/(src|test|bench)\//.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith('package/dist/') && file.endsWith('.js.map'))).toEqual([]);
  });

  test('ships every file the README points at, and the formats its contracts and packs name in $schema', () => {
    const installed = join(app.dir, 'node_modules', MANIFEST.name);
    const paths = readmePackagePaths(readFileSync(join(installed, 'README.md'), 'utf8'));
    expect(paths).toEqual(
      expect.arrayContaining(['docs/demo.png', 'examples/mcp/README.md', 'examples/json-contract/main.ts']),
    );
    expect(paths.filter((path) => !existsSync(join(installed, path)))).toEqual([]);
    const pointers = shippedSchemaPointers(installed);
    expect(pointers.length).toBeGreaterThanOrEqual(14);
    expect(pointers.filter((pointer) => !existsSync(join(installed, schemaTarget(pointer))))).toEqual([]);
  });

  test("keeps the scanners' method constants `const` in the bundles (a `var` halves the text scan speed)", () => {
    const chunks = join(app.dir, 'node_modules', MANIFEST.name, 'dist/src/chunks');
    const code = readdirSync(chunks)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(chunks, name), 'utf8'))
      .join('\n');
    expect(
      code.match(/^const [\w$]+ = String\.prototype\.charCodeAt;$/gm)?.length ?? 0,
    ).toBeGreaterThanOrEqual(3);
    expect(code.match(/^var [\w$]+ = String\.prototype\.[\w$]+;$/gm)).toBeNull();
  });
});

describe('TypeScript in the app', () => {
  test('every README example and a file importing every entry compile under --strict, without skipLibCheck', async () => {
    const dir = join(app.dir, 'typed');
    mkdirSync(dir);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
    readmeTypeScript().forEach((block, index) => {
      writeFileSync(join(dir, `readme-${index}.${block.language}`), block.code);
    });
    const imports = ENTRIES.map((entry, i) => `import * as entry${i} from '${entry}';`).join('\n');
    const uses = ENTRIES.map((_, i) => `entry${i}`).join(', ');
    writeFileSync(join(dir, 'entries.ts'), `${imports}\nexport const entries = [${uses}];\n`);
    const result = await app.run('npx', ['tsc', '-p', 'typed/tsconfig.json', '--noEmit'], {
      timeoutMs: 300_000,
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 360_000);

  test('a CommonJS TypeScript project ("module": "nodenext") compiles every entry to require() and runs', async () => {
    const dir = join(app.dir, 'commonjs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'commonjs' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
    const imports = ENTRIES.map((entry, i) => `import * as entry${i} from '${entry}';`).join('\n');
    const uses = ENTRIES.map((_, i) => `typeof entry${i}`).join(', ');
    writeFileSync(join(dir, 'main.ts'), `${imports}\nconsole.log([${uses}].join(' '));\n`);
    const built = await app.run('npx', ['tsc', '-p', 'commonjs/tsconfig.json'], { timeoutMs: 300_000 });
    expect(built.stdout + built.stderr).toBe('');
    expect(readFileSync(join(dir, 'build/main.js'), 'utf8')).toContain(`require("${MANIFEST.name}")`);
    const ran = await app.run('node', ['commonjs/build/main.js']);
    expect(ran).toMatchObject({ code: 0, stdout: `${ENTRIES.map(() => 'object').join(' ')}\n` });
  }, 360_000);

  test('every entry loads with import and with require()', async () => {
    const list = JSON.stringify(ENTRIES);
    const esm = await app.run('node', [
      '--input-type=module',
      '-e',
      `for (const e of ${list}) await import(e);`,
    ]);
    expect(esm).toMatchObject({ code: 0, stderr: '' });
    const cjs = await app.run('node', ['-e', `for (const e of ${list}) require(e);`]);
    expect(cjs.code).toBe(0);
  }, 60_000);

  test('importing the core entry loads no native module, server client, MCP SDK, undici, DOM, Markdown engine, metrics API or Unicode tables', async () => {
    const probe = `
      import { register } from 'node:module';
      const loaded = [];
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (url) => loaded.push(url));
      port1.unref();
      register('data:text/javascript,' + encodeURIComponent(\`
        let port;
        export function initialize(data) { port = data.port; }
        export async function resolve(specifier, context, next) {
          const result = await next(specifier, context);
          port.postMessage(result.url);
          return result;
        }\`), { data: { port: port2 }, transferList: [port2] });
      await import('${MANIFEST.name}');
      await new Promise((done) => setTimeout(done, 50));
      const required = Object.keys((await import('node:module')).createRequire(import.meta.url).cache);
      console.log(JSON.stringify([...loaded, ...required]));`;
    writeFileSync(join(app.dir, 'probe.mjs'), probe);
    const result = await app.run('node', ['probe.mjs']);
    expect(result.code).toBe(0);
    const loaded = JSON.parse(result.stdout) as string[];
    expect(loaded.some((url) => url.includes('/agent-airlock/dist/src/index.js'))).toBe(true);
    const forbidden =
      /node_modules\/(better-sqlite3|pg|ioredis|@modelcontextprotocol|undici|jsdom|dompurify|markdown-it|@opentelemetry\/api|unicode-properties)\//;
    expect(loaded.filter((url) => forbidden.test(url))).toEqual([]);
  });
});

describe("the README's short example, run against a local service", () => {
  async function runExample(path: string): Promise<{ code: number; stdout: string; ms: number }> {
    const { tsc, run } = await runShortExample(app, `example${path.replace('/', '-')}`, `${origin}${path}`);
    expect(tsc).toBe('');
    return run;
  }

  test('a valid result is accepted and rendered', async () => {
    const result = await runExample('/valid');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^approved <dl>/);
    expect(result.stdout).toContain('<untrusted-');
  }, 180_000);

  test('an unexpected property is schema_mismatch, and nothing of it is printed', async () => {
    const result = await runExample('/extra');
    expect(result.stdout).toContain("code: 'schema_mismatch'");
    expect(result.stdout).not.toContain('admin_override');
  }, 180_000);

  test('50 MB ends as result_too_large, quickly', async () => {
    const result = await runExample('/huge');
    expect(result.stdout).toContain("code: 'result_too_large'");
    expect(result.ms).toBeLessThan(20_000);
  }, 180_000);
});

describe('the examples, compiled by the app and run with node', () => {
  for (const name of EXAMPLES) {
    test(`${name}: compiles against the package and prints its expected output`, async () => {
      const { tsc, run } = await runExample(app, name);
      expect(tsc).toBe('');
      expect(run).toEqual({ code: 0, stdout: EXPECTED_OUTPUT[name], stderr: '' });
    }, 360_000);
  }
});

describe('the installed command', () => {
  const bin = (): string => join(app.dir, 'node_modules/.bin/airlock');
  const packs = 'node_modules/agent-airlock/fixtures/packs';

  test('--version prints the package version', async () => {
    const result = await app.run(bin(), ['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${MANIFEST.version}\n` });
  });

  test('runs every shipped pack, and every case passes', async () => {
    const result = await app.run(bin(), ['fixtures', 'run', packs], { timeoutMs: 300_000 });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/all \d+ cases passed\n$/);
  }, 300_000);

  test('checks a result against a shipped contract', async () => {
    writeFileSync(join(app.dir, 'context.json'), JSON.stringify({ requestId: REVIEW.request_id }));
    const body = { ...REVIEW, data: { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana' } };
    writeFileSync(join(app.dir, 'result.json'), JSON.stringify(body));
    const contract = 'node_modules/agent-airlock/fixtures/contracts/review-status.contract.json';
    const result = await app.run(bin(), [
      'check',
      '--tool',
      contract,
      '--context',
      'context.json',
      'result.json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, data: { change_id: 'CR-7' } });
  }, 60_000);

  test('check --audit: the audit record on stderr, and the same outcome and exit code as without it', async () => {
    const contract = 'node_modules/agent-airlock/fixtures/contracts/review-status.contract.json';
    const args = ['check', '--tool', contract, '--context', 'context.json', '--audit'];
    writeFileSync(join(app.dir, 'context.json'), JSON.stringify({ requestId: REVIEW.request_id }));
    const body = { ...REVIEW, data: { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana' } };
    writeFileSync(join(app.dir, 'audited.json'), JSON.stringify(body));
    writeFileSync(join(app.dir, 'audited-extra.json'), JSON.stringify({ ...body, extra: true }));
    const accepted = await app.run(bin(), [...args, 'audited.json']);
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ ok: true, data: { change_id: 'CR-7' } });
    expect(JSON.parse(accepted.stderr)).toMatchObject({ type: 'tool.result', outcome: 'accepted' });
    const rejected = await app.run(bin(), [...args, 'audited-extra.json']);
    expect(rejected.code).toBe(1);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ ok: false, error: { code: 'schema_mismatch' } });
    expect(JSON.parse(rejected.stderr)).toMatchObject({ outcome: 'rejected', code: 'schema_mismatch' });
    expect(accepted.ms + rejected.ms).toBeLessThan(20_000);
  }, 60_000);

  test.each([
    ['fixtures', ['run']],
    ['evidence', ['get', 'purge', 'revoke']],
    ['keys', ['new', 'rotate', 'rewrap']],
  ])('%s --help lists its commands and exits 0', async (group, commands) => {
    const result = await app.run(bin(), [group, '--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    for (const command of commands) expect(result.stdout).toContain(`airlock ${group} ${command} `);
  });

  test('mistakes on the command line say what to fix, with exit 2', async () => {
    const unknown = await app.run(bin(), ['evidence', 'lists']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^airlock evidence: unknown command; the evidence commands are get\|/);
    const missing = await app.run(bin(), ['fixtures', 'run', 'nope/']);
    expect(missing).toMatchObject({ code: 2, stderr: 'airlock fixtures run: nope does not exist\n' });
    const mysql = await app.run(bin(), ['evidence', 'purge', '--store', 'mysql://x']);
    expect(mysql.code).toBe(2);
    expect(mysql.stderr).toContain('--store mysql:// is not a store Airlock speaks');
  });

  test('a plain JSON Schema or a draft-07 one given to --tool: what the file lacks, and the dialect to write', async () => {
    const schema = {
      type: 'object',
      properties: { note: { type: 'string', maxLength: 50, 'x-purpose': 'text' } },
      additionalProperties: false,
    };
    writeFileSync(join(app.dir, 'plain.json'), JSON.stringify(schema));
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...schema };
    writeFileSync(
      join(app.dir, 'draft07.json'),
      JSON.stringify({ name: 't', version: 't.v1', schema: draft07 }),
    );
    writeFileSync(join(app.dir, 'note.json'), '{"note":"hi"}');
    const plain = await app.run(bin(), ['check', '--tool', 'plain.json', 'note.json']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^airlock check: The contract file lacks "name", "version" and "schema"/);
    expect(plain.stderr).toContain('it looks like a plain JSON Schema');
    const old = await app.run(bin(), ['check', '--tool', 'draft07.json', 'note.json']);
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/^airlock check: Contracts are JSON Schema 2020-12, not draft-07/);
  });

  test('writes a JUnit report and a SARIF report that is valid SARIF 2.1.0', async () => {
    const junit = await app.run(
      bin(),
      ['fixtures', 'run', packs, '--format', 'junit', '--out', 'report.xml'],
      {
        timeoutMs: 300_000,
      },
    );
    expect(junit.code).toBe(0);
    const xml = new JSDOM(readFileSync(join(app.dir, 'report.xml'), 'utf8'), { contentType: 'text/xml' });
    const cases = xml.window.document.getElementsByTagName('testcase').length;
    expect(cases).toBeGreaterThan(100);
    expect(xml.window.document.getElementsByTagName('failure').length).toBe(0);

    const sarif = await app.run(
      bin(),
      ['fixtures', 'run', packs, '--format', 'sarif', '--out', 'report.sarif'],
      {
        timeoutMs: 300_000,
      },
    );
    expect(sarif.code).toBe(0);
    const schema = JSON.parse(
      readFileSync(new URL('../packs/sarif/sarif-2.1.0.json', import.meta.url), 'utf8'),
    );
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema as object);
    const valid = validate(JSON.parse(readFileSync(join(app.dir, 'report.sarif'), 'utf8')));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  }, 600_000);
});

describe('the installed demo', () => {
  test('serves its page under the strict CSP, and stops cleanly on SIGTERM and on SIGINT', async () => {
    const bin = join(app.dir, 'node_modules/.bin/airlock');
    const demos = await Promise.all([startDemo(bin, app.dir), startDemo(bin, app.dir)]);
    for (const demo of demos) {
      const page = await fetch(demo.url, { signal: AbortSignal.timeout(10_000) });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; script-src 'self'; style-src 'self'; img-src [^;]+; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types agent-airlock$/,
      );
      expect(await page.text()).toContain('<script type="module" src="/assets/demo.js"></script>');
      const script = await fetch(new URL('/api/conversation.json', demo.url), {
        signal: AbortSignal.timeout(10_000),
      });
      const { packs } = (await script.json()) as { packs: Array<{ cases: unknown[] }> };
      expect(packs.reduce((sum, pack) => sum + pack.cases.length, 0)).toBeGreaterThan(100);
    }
    const [terminated, interrupted] = await Promise.all([demos[0].stop('SIGTERM'), demos[1].stop('SIGINT')]);
    expect(terminated).toEqual({ code: 0, stderr: 'airlock demo: stopped (SIGTERM)\n' });
    expect(interrupted).toEqual({ code: 0, stderr: 'airlock demo: stopped (SIGINT)\n' });
  }, 300_000);
});
