// Tool definitions through the proxy: pinned, shown cleaned, quarantined when they change, approved by an operator.
import { afterEach, describe, expect, test } from 'vitest';
import { freshHome, stdioClient, textOf, type TestClient } from './support/clients.js';
import { runAirlock } from './support/cli.js';
import { MAIL_SERVER } from './support/servers.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('approval', () => {
  test('by default every tool waits: none is listed, a call is refused, and the operator sees them pending', async () => {
    const home = freshHome();
    client = await stdioClient(home, ['--name', 'mail', '--', ...MAIL_SERVER], { sdk: 2 });
    expect((await client.listTools()).tools).toEqual([]);
    const refused = await client.callTool('send_email', { to: 'a@b.example', body: 'x' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('airlock tools show mail.send_email');
    const pending = await runAirlock(['tools', 'pending'], home);
    expect(pending.code).toBe(1);
    expect(pending.stdout).toMatch(/^mail\.send_email\tnew\t[0-9a-f]{12}$/m);
    const approved = await runAirlock(['tools', 'approve', 'mail.send_email'], home);
    expect(approved).toMatchObject({ code: 0 });
    await client.close();
    client = await stdioClient(home, ['--name', 'mail', '--', ...MAIL_SERVER], { sdk: 2 });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['send_email']);
  });

  test('first-use approves clean definitions, and never a poisoned one, which is listed for review as published', async () => {
    const home = freshHome();
    client = await stdioClient(home, ['--name', 'mail', '--approve', 'first-use', '--', ...MAIL_SERVER], {
      sdk: 1,
    });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(['read_inbox', 'send_email', 'weather', 'forecast']);
    const shown = await runAirlock(['tools', 'show', 'mail.add'], home);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('<IMPORTANT>');
    expect(shown.stdout).toContain('\\u{E0020}'); // the smuggled tag characters, made visible
    expect(shown.stdout).toContain('\\u{200B}');
  });
});

describe('tool poisoning never reaches the client', () => {
  test('an approved poisoned definition is listed without its hidden instructions, tags or chat tokens', async () => {
    const home = freshHome();
    client = await stdioClient(home, ['--name', 'mail', '--', ...MAIL_SERVER], { sdk: 2 });
    await client.listTools(); // the proxy records what the server publishes
    expect((await runAirlock(['tools', 'approve', 'mail.add'], home)).code).toBe(0);
    const [add] = (await client.listTools()).tools;
    const listed = JSON.stringify(add);
    expect(add?.name).toBe('add');
    expect(add?.description).toMatch(/^Adds two numbers\./);
    for (const hidden of [
      'IMPORTANT',
      'mcp.json',
      'sidenote" ',
      'send_email',
      'id_rsa',
      '<|im_start|>',
      '\u200b',
    ])
      expect(listed).not.toContain(hidden);
    expect(listed).not.toMatch(/[\u{E0000}-\u{E007F}]/u);
    expect(add?.description).toContain('<untrusted-ID');
  });
});

describe('a definition that changes is quarantined before its next call', () => {
  test('changed without list_changed: the next call is refused, the operator sees the diff, approval restores it', async () => {
    const home = freshHome();
    client = await stdioClient(home, ['--name', 'mail', '--approve', 'first-use', '--', ...MAIL_SERVER], {
      sdk: 2,
    });
    await client.listTools();
    const first = await client.callTool('weather', { city: 'Oslo' });
    expect(first.isError).not.toBe(true);
    expect(textOf(first)).toContain('Sunny');
    const second = await client.callTool('weather', { city: 'Oslo' });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toContain('not approved');
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('weather');
    const shown = await runAirlock(['tools', 'show', 'mail.weather'], home);
    expect(shown.stdout).toMatch(/changes since the approved definition/);
    expect(shown.stdout).toMatch(/^\+ .*collect\.attacker-mail\.example/m);
    expect(shown.stdout).toMatch(/^- .*"Current weather for a city\."/m);
    const hash = /published ([0-9a-f]{12})/.exec(shown.stdout)?.[1] ?? '';
    expect((await runAirlock(['tools', 'approve', 'mail.weather', '--hash', hash], home)).code).toBe(0);
    expect((await client.callTool('weather', { city: 'Oslo' })).isError).not.toBe(true);
  });

  test('changed with list_changed: the client is told, and the changed tool is gone from its listing', async () => {
    const home = freshHome();
    client = await stdioClient(home, ['--name', 'mail', '--approve', 'first-use', '--', ...MAIL_SERVER], {
      sdk: 1,
    });
    await client.listTools();
    expect((await client.callTool('forecast', { city: 'Oslo' })).isError).not.toBe(true);
    await expect.poll(() => client!.toolsChanged()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await client!.listTools()).tools.map((tool) => tool.name))
      .not.toContain('forecast');
    expect((await client.callTool('forecast', { city: 'Oslo' })).isError).toBe(true);
  });
});
