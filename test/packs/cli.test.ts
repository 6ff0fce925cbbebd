// `airlock fixtures run`: exit codes 0/1/2, the formats and --out, the SQLite evidence vault, and the progress bar.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, test } from 'vitest';
import { fixturesRunCommand } from '../../src/cli/fixtures.js';
import { createKeyFileProvider } from '../../src/evidence/keys-file.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { memoryIo } from '../support/cli-io.js';
import { reviewPack, tempPacks } from './temp-pack.js';

const packs = tempPacks();
packs.write('good/review', reviewPack());
packs.write('bad', reviewPack({ name: 'bad', cases: [wrongExpectation()] }));
packs.write('broken', { ...reviewPack(), cases: [] });
afterAll(() => {
  packs.remove();
});

function wrongExpectation(): unknown {
  const [accepted] = reviewPack().cases as Record<string, unknown>[];
  return { ...accepted, expect: { rejected: { code: 'schema_mismatch' } } };
}

async function run(args: string[], env: Record<string, string> = {}, isTty = false) {
  const io = { ...memoryIo({ cwd: packs.root, env }), isTty };
  const code = await fixturesRunCommand.run(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('airlock fixtures run', () => {
  test('exit 0 when every case passes; the text report ends with the verdict', async () => {
    const result = await run(['good']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('review  (good/review/pack.json)');
    expect(result.out.endsWith('all 2 cases passed\n')).toBe(true);
    expect(result.err).toBe('');
  });

  test('exit 1 when an expectation fails, with the failure explained', async () => {
    const result = await run(['good', 'bad']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('        outcome: expected rejected; got accepted\n');
    expect(result.out).toContain('1 of 3 cases failed');
  });

  test('exit 2 for an invalid pack, naming the file, the pointer and the problem', async () => {
    const result = await run(['good', 'broken']);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      'airlock fixtures run: invalid pack: broken/pack.json: /cases: is below the minimum of 1 (minItems)\n',
    );
  });

  test.each([
    [[], 'no DIR given'],
    [['good', '--format', 'xml'], 'unknown format "xml"'],
    [['good', '--colour'], 'unknown option --colour'],
    [['good', '--key-file', 'k.json'], '--key-file needs --vault'],
    [['good', '--vault', 'postgres://db'], '--vault takes sqlite:PATH'],
    [['nowhere'], 'airlock fixtures run: nowhere does not exist'],
  ])('exit 2 for a usage mistake: %j', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  test('--help prints the usage and exits 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^usage: airlock fixtures run DIR\.\.\./);
  });

  test('--format json and --format sarif write one parseable document to stdout', async () => {
    const json = await run(['good', '--format', 'json']);
    expect(JSON.parse(json.out)).toMatchObject({ total: 2, passed: 2, failed: 0 });
    const sarif = await run(['bad', '--format', 'sarif']);
    expect(sarif.code).toBe(1);
    expect(JSON.parse(sarif.out).runs[0].results[0]).toMatchObject({
      ruleId: 'bad/accepted',
      level: 'error',
    });
  });

  test('--out writes the report to a file a CI server can read, and prints the text report', async () => {
    const result = await run(['good', 'bad', '--format', 'junit', '--out', 'report.xml']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('1 of 3 cases failed');
    const xml = readFileSync(join(packs.root, 'report.xml'), 'utf8');
    const document = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    expect(document.getElementsByTagName('testsuite')).toHaveLength(2);
    expect(document.documentElement.getAttribute('failures')).toBe('1');
  });

  test('--vault sqlite:PATH makes a 0600 key file once, stores every response, and the report shows each reference id', async () => {
    const first = await run(['good', '--vault', 'sqlite:data/evidence.sqlite']);
    expect(first.code).toBe(0);
    const keyFile = join(packs.root, 'data', 'evidence.keys.json');
    expect(first.err).toBe(
      'airlock fixtures run: created the key file data/evidence.keys.json (mode 0600)\n',
    );
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const refs = [...first.out.matchAll(/ (ev_[A-Za-z0-9_-]{32}) {2}/g)].map((match) => match[1] ?? '');
    expect(refs).toHaveLength(2);

    const store = createSqliteStore(join(packs.root, 'data', 'evidence.sqlite'));
    try {
      const vault = createVault({ store, keys: createKeyFileProvider(keyFile) });
      const read = await vault.get(refs[1] ?? '', { role: 'security-operator', tenant: '-' });
      expect(read.ok && Buffer.from(read.record.raw).toString('utf8')).toContain('"admin_override":true');
    } finally {
      await store.close();
    }
    expect(existsSync(join(packs.root, 'data', 'evidence-audit.jsonl'))).toBe(true);

    const second = await run(['good', '--vault', 'sqlite:data/evidence.sqlite']);
    expect(second.code).toBe(0);
    expect(second.err).toBe('');
  });

  test('a progress bar is drawn on a terminal and cleared; nothing in CI or when not a terminal', async () => {
    const terminal = await run(['good'], {}, true);
    const [first, second] = terminal.err.split('\r\x1b[K').filter((frame) => frame !== '');
    expect(first).toBe(`[${'#'.repeat(15)}${'-'.repeat(15)}] 1/2  review/accepted`);
    expect(second).toBe(`[${'#'.repeat(30)}] 2/2  review/extra-member`);
    expect(terminal.err.endsWith('\r\x1b[K')).toBe(true);
    expect((await run(['good'], { CI: 'true' }, true)).err).toBe('');
    expect((await run(['good'], {}, false)).err).toBe('');
  });
});
