// airlock.config.json and the proxy's flags: the schema, precedence, relative paths, and errors that name the key.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadToolContracts } from '../../src/proxy/config/load-contracts.js';
import { loadProxyConfig, type ProxyConfig } from '../../src/proxy/config/load-config.js';
import { resolveSettings, type ProxyFlags } from '../../src/proxy/config/resolve-settings.js';
import { checkUrl } from '../../src/egress/check-url.js';

const folder = mkdtempSync(join(tmpdir(), 'airlock-config-'));
const place = { cwd: '/work/here', env: {}, home: '/home/someone' };
const NO_FLAGS: ProxyFlags = { env: [], command: [] };

/** Writes `config` as a file in a fresh folder and loads it. */
async function load(
  config: unknown,
  name = 'airlock.config.json',
): Promise<{ path: string; config: ProxyConfig }> {
  const path = join(mkdtempSync(join(folder, 'c-')), name);
  writeFileSync(path, typeof config === 'string' ? config : JSON.stringify(config));
  return { path, config: await loadProxyConfig(path) };
}

describe('the config file', () => {
  test("the README's example is a valid config", async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const block = /^```json\n(\{\n {2}"\$schema": "[^\n]*proxy-config\.schema\.json",[\s\S]*?)^```$/m.exec(
      readme,
    );
    expect(block).not.toBeNull();
    const { config } = await load(block?.[1] ?? '');
    expect(Object.keys(config.servers ?? {})).toEqual(['mail']);
  });

  for (const [what, config, message] of [
    ['an unknown key', { servrs: {} }, 'the top level has an unknown key "servrs"'],
    [
      'a bad approval mode',
      { servers: { a: { command: 'x', approve: 'maybe' } } },
      '/servers/a/approve must be one of none, first-use',
    ],
    [
      'a server with neither command nor url',
      { servers: { a: { args: [] } } },
      '/servers/a must name either a command or a url',
    ],
    [
      'a server with both',
      { servers: { a: { command: 'x', url: 'https://h.example/mcp' } } },
      '/servers/a must name either a command or a url',
    ],
    ['a bad server name', { servers: { 'Bad Name': { command: 'x' } } }, '/servers'],
    ['hosts that are not a list', { hosts: 'example.com' }, '/hosts must be "any" or a list of host names'],
    [
      'an unknown instructions policy',
      { servers: { a: { command: 'x', instructions: 'block' } } },
      '/servers/a/instructions must be one of ignore, report, reject',
    ],
  ] as const) {
    test(`${what} is refused, naming the file and the key`, async () => {
      const path = join(mkdtempSync(join(folder, 'bad-')), 'airlock.config.json');
      writeFileSync(path, JSON.stringify(config));
      const refused = loadProxyConfig(path);
      await expect(refused).rejects.toMatchObject({ name: 'ProxyConfigError' });
      await expect(refused).rejects.toThrow(`the config file ${path}: ${message}`);
    });
  }

  test('a value is never repeated in an error (a secret in env stays out of it)', async () => {
    const path = join(mkdtempSync(join(folder, 'secret-')), 'airlock.config.json');
    writeFileSync(path, JSON.stringify({ servers: { a: { command: 'x', env: { TOKEN: 42 } } } }));
    await expect(loadProxyConfig(path)).rejects.toThrow(/\/servers\/a\/env\/TOKEN must be string$/);
  });

  test('duplicate names are refused, as in every configuration file', async () => {
    const path = join(mkdtempSync(join(folder, 'dup-')), 'airlock.config.json');
    writeFileSync(path, '{"approve":"none","approve":"first-use"}');
    await expect(loadProxyConfig(path)).rejects.toThrow(/not strict JSON/);
  });
});

describe('settings: flags over the server entry over the file', () => {
  test('the one server of the file, its paths relative to the file, the rest by default', async () => {
    const { path, config } = await load({
      approve: 'first-use',
      hosts: ['docs.example.com'],
      store: 'state/airlock.sqlite',
      servers: {
        files: {
          command: 'npx',
          args: ['-y', 'fs'],
          cwd: 'work',
          env: { A: '1' },
          tools: { read: { effect: 'read' } },
        },
      },
    });
    const settings = resolveSettings(NO_FLAGS, config, { ...place, configPath: path });
    const dir = join(path, '..');
    expect(settings).toMatchObject({
      name: 'files',
      upstream: {
        kind: 'command',
        command: 'npx',
        args: ['-y', 'fs'],
        env: { A: '1' },
        cwd: join(dir, 'work'),
      },
      front: { kind: 'stdio' },
      approve: 'first-use',
      tenant: 'default',
      wrapMode: 'tags',
      instructions: 'ignore',
      store: join(dir, 'state/airlock.sqlite'),
      keyFile: '/home/someone/.local/state/agent-airlock/keys.json',
      tools: { read: { effect: 'read' } },
    });
    expect(checkUrl('https://docs.example.com/a', settings.policy).allowed).toBe(true);
    expect(checkUrl('https://other.example/a', settings.policy).allowed).toBe(false);
  });

  test('flags win: a command after --, a name, hosts, a listen address, env pairs added to the entry', async () => {
    const { path, config } = await load({
      servers: { files: { command: 'npx', env: { A: '1' }, approve: 'first-use' } },
    });
    const settings = resolveSettings(
      {
        ...NO_FLAGS,
        server: 'files',
        name: 'docs',
        approve: 'none',
        hosts: 'any',
        listen: ':0',
        env: ['B=2=3'],
        command: ['node', 'server.js'],
      },
      config,
      { ...place, configPath: path },
    );
    expect(settings).toMatchObject({
      name: 'docs',
      approve: 'none',
      upstream: { kind: 'command', command: 'node', args: ['server.js'], env: { A: '1', B: '2=3' } },
      front: { kind: 'http', host: '127.0.0.1', port: 0 },
    });
  });

  test('the instructions policy: the flag over the server entry over the file', async () => {
    const { path, config } = await load({
      instructions: 'reject',
      servers: { a: { command: 'x', instructions: 'report' }, b: { command: 'y' } },
    });
    const at = { ...place, configPath: path };
    const policy = (flags: Partial<ProxyFlags>) =>
      resolveSettings({ ...NO_FLAGS, ...flags }, config, at).instructions;
    expect(policy({ server: 'a' })).toBe('report');
    expect(policy({ server: 'b' })).toBe('reject');
    expect(policy({ server: 'a', instructions: 'ignore' })).toBe('ignore');
  });

  test('the state folder follows $AIRLOCK_HOME, then $XDG_STATE_HOME', () => {
    const flags = { ...NO_FLAGS, command: ['srv'] };
    expect(resolveSettings(flags, {}, { ...place, env: { AIRLOCK_HOME: '/srv/airlock' } }).store).toBe(
      '/srv/airlock/airlock.sqlite',
    );
    expect(resolveSettings(flags, {}, { ...place, env: { XDG_STATE_HOME: '/x' } }).auditLog).toBe(
      '/x/agent-airlock/audit.jsonl',
    );
  });

  for (const [what, flags, config, message] of [
    ['no server at all', NO_FLAGS, {}, 'give the server to run'],
    [
      'several servers and no --server',
      NO_FLAGS,
      { servers: { a: { command: 'x' }, b: { command: 'y' } } },
      'choose one with --server NAME',
    ],
    [
      'an unknown --server',
      { ...NO_FLAGS, server: 'c' },
      { servers: { a: { command: 'x' } } },
      '--server names no server',
    ],
    [
      'both a command and --upstream',
      { ...NO_FLAGS, command: ['x'], upstream: 'https://h.example/mcp' },
      {},
      'not both',
    ],
    ['a bad --listen', { ...NO_FLAGS, command: ['x'], listen: 'nowhere' }, {}, '--listen takes HOST:PORT'],
    ['a bad --name', { ...NO_FLAGS, command: ['x'], name: 'Not A Name' }, {}, '--name must match'],
    ['a bad --wrap', { ...NO_FLAGS, command: ['x'], wrap: 'rot13' }, {}, '--wrap must be one of'],
    [
      'a bad --instructions',
      { ...NO_FLAGS, command: ['x'], instructions: 'block' },
      {},
      '--instructions must be one of ignore, report, reject',
    ],
    ['a bad --env', { ...NO_FLAGS, command: ['x'], env: ['=x'] }, {}, '--env takes NAME=VALUE'],
    [
      'an --upstream that is not http(s)',
      { ...NO_FLAGS, upstream: 'file:///etc/passwd' },
      {},
      'must be an http(s) URL',
    ],
    [
      'a host pattern the policy refuses',
      { ...NO_FLAGS, command: ['x'], hosts: 'exa mple.com' },
      {},
      '--hosts names a host pattern',
    ],
  ] as const) {
    test(`${what} is a configuration mistake that says what to fix`, () => {
      expect(() => resolveSettings(flags, config as ProxyConfig, place)).toThrow(message);
    });
  }
});

describe('contracts per tool', () => {
  test('from a JSON contract file and from a module exporting a zod contract', async () => {
    const dir = mkdtempSync(join(folder, 'contracts-'));
    const schema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
      additionalProperties: false,
    };
    writeFileSync(join(dir, 'sum.contract.json'), JSON.stringify({ name: 'sum', version: 'sum.v1', schema }));
    const zod = import.meta.resolve('zod');
    writeFileSync(
      join(dir, 'label.mjs'),
      `import { z } from ${JSON.stringify(zod)};\nexport default { version: 'label.v1', schema: z.object({ n: z.number() }) };\n`,
    );
    const contracts = await loadToolContracts({
      sum: join(dir, 'sum.contract.json'),
      label: join(dir, 'label.mjs'),
    });
    expect(contracts.sum).toMatchObject({ version: 'sum.v1', schema });
    expect(contracts.label?.version).toBe('label.v1');
    expect(contracts.label?.schema).toMatchObject({ type: 'object', properties: { n: { type: 'number' } } });
    writeFileSync(join(dir, 'none.mjs'), 'export const other = 1;\n');
    await expect(loadToolContracts({ x: join(dir, 'none.mjs') })).rejects.toThrow('exports no contract');
  });
});
