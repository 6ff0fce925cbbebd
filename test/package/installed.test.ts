// The package as a user installs it: packed, installed into a fresh app, its README, entries and CLI run there.
import { createServer, type Server } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { readmeTypeScript, shortExample } from './readme-blocks.js';

const work = useTempDir('installed');
let app: PackedApp;
let server: Server;
let origin = '';

const ENTRIES = Object.keys(MANIFEST.exports)
  .filter((entry) => !entry.endsWith('.json'))
  .map((entry) => (entry === '.' ? MANIFEST.name : `${MANIFEST.name}/${entry.slice(2)}`));

const REVIEW = {
  tool: 'review_status',
  request_id: 'req.J7q94MkP',
  outcome: 'success',
  data: { change_id: 'CR-7', decision: 'approved', note: 'Reviewed by two people.' },
};

/** The review service the README example calls: a valid result, one with an extra property, and 50 MB. */
function startReviewService(): Promise<Server> {
  const service = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/valid') response.end(JSON.stringify(REVIEW));
    else if (request.url === '/extra')
      response.end(JSON.stringify({ ...REVIEW, data: { ...REVIEW.data, admin_override: true } }));
    else {
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const more = (): void => {
        while (sent < 50 && response.write(chunk)) sent++;
        if (sent >= 50) response.end();
        else response.once('drain', more);
      };
      response.on('error', () => undefined);
      more();
    }
  });
  return new Promise((resolve) => {
    service.listen(0, '127.0.0.1', () => {
      resolve(service);
    });
  });
}

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
    const dir = join(app.dir, `example${path.replace('/', '-')}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
    writeFileSync(join(dir, 'example.ts'), shortExample(`${origin}${path}`));
    const built = await app.run('npx', ['tsc', '-p', `${dir}/tsconfig.json`]);
    expect(built.stdout + built.stderr).toBe('');
    return app.run('node', [join(dir, 'build/example.js')]);
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
