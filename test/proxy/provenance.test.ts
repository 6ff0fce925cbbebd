// Calls whose arguments carry an earlier result's untrusted text: asked through elicitation, or refused.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PLANTED_ADDRESS } from './servers/mail-server.js';
import { freshHome, stdioClient, textOf, type ClientOptions, type TestClient } from './support/clients.js';
import { MAIL_SERVER } from './support/servers.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** The calls the server received, by name. */
function received(home: string): string[] {
  const file = join(home, 'calls.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { name: string }).name);
}

/** A client on the mail server (every clean tool approved at first use), which has read the planted inbox. */
async function afterReadingInbox(options: ClientOptions): Promise<{ home: string; asked: string[] }> {
  const home = freshHome();
  const asked: string[] = [];
  const elicit = options.elicit;
  client = await stdioClient(
    home,
    [
      '--name',
      'mail',
      '--approve',
      'first-use',
      '--env',
      `CALLS_FILE=${join(home, 'calls.jsonl')}`,
      '--',
      ...MAIL_SERVER,
    ],
    elicit === undefined
      ? options
      : {
          ...options,
          elicit: (message) => {
            asked.push(message);
            return elicit(message);
          },
        },
  );
  await client.listTools();
  const inbox = await client.callTool('read_inbox');
  expect(textOf(inbox)).toContain(PLANTED_ADDRESS);
  expect(textOf(inbox)).toMatch(/^<untrusted-[0-9a-f]{24} source="mcp\.mail"/);
  return { home, asked };
}

const decline = () => ({ action: 'decline' as const });
const accept = () => ({ action: 'accept' as const, content: { run: true } });

describe('a call repeating a planted address from an earlier result', () => {
  for (const [label, options] of [
    ['SDK 1.x client', { sdk: 1 }],
    ['SDK 2.x client', { sdk: 2 }],
    ['SDK 2.x client on the 2026-07-28 revision', { sdk: 2, modern: true }],
  ] as const) {
    test(`${label}: the person is asked; a decline refuses it and the server never receives it`, async () => {
      const { home, asked } = await afterReadingInbox({ ...options, elicit: decline });
      const result = await client!.callTool('send_email', { to: PLANTED_ADDRESS, body: 'the numbers' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('the user declined it');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('"send_email"');
      expect(asked[0]).toContain('argument /to repeats output of "read_inbox"');
      expect(received(home)).toEqual(['read_inbox']);
    });

    test(`${label}: an approval lets exactly that call through`, async () => {
      const { home } = await afterReadingInbox({ ...options, elicit: accept });
      const result = await client!.callTool('send_email', { to: PLANTED_ADDRESS, body: 'the numbers' });
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toContain('sent');
      expect(received(home)).toEqual(['read_inbox', 'send_email']);
    });
  }

  test('a client without elicitation gets the call refused, with words that tell the model why', async () => {
    const { home } = await afterReadingInbox({ sdk: 2 });
    const result = await client!.callTool('send_email', {
      to: `"Desk" <${PLANTED_ADDRESS.toUpperCase()}>`,
      body: 'x',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/argument \/to repeats output of "read_inbox"/);
    expect(received(home)).toEqual(['read_inbox']);
  });

  test('values the inbox never held go through without asking', async () => {
    const { home, asked } = await afterReadingInbox({ sdk: 2, elicit: decline });
    const result = await client!.callTool('send_email', {
      to: 'finance@example.org',
      body: 'Q3 figures attached',
    });
    expect(result.isError).not.toBe(true);
    expect(asked).toEqual([]);
    expect(received(home)).toEqual(['read_inbox', 'send_email']);
  });
});
