// The README's client configurations for `airlock proxy`, launched in an installed project exactly as a client does.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ROOT } from '../package/packed-app.js';

/** One server entry of a client's configuration, as the README writes it. */
export interface ClientEntry {
  /** Where the README shows it (the `mcpServers` or `servers` key of its block). */
  readonly client: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** The folder placeholder of the README's entries: the one value a user replaces. */
export const FOLDER_PLACEHOLDER = '/path/to/allowed/dir';

/** Every server entry of the client configurations (JSON blocks) in the README's section on the proxy. */
export function readmeClientEntries(): readonly ClientEntry[] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = text.indexOf('## Put Airlock in front of any MCP server');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const entries: ClientEntry[] = [];
  for (const match of section.matchAll(/^```json\n([\s\S]*?)^```$/gm)) {
    const config = JSON.parse(match[1] ?? '{}') as Record<string, Record<string, ClientEntry> | undefined>;
    if ('$schema' in config) continue; // the proxy's own config file, not a client's
    for (const key of ['mcpServers', 'servers'])
      for (const entry of Object.values(config[key] ?? {})) entries.push({ ...entry, client: key });
  }
  return entries;
}

/** What one launch showed: the tools listed before and after approval, and one call's text. */
export interface LaunchReport {
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly text: string;
  readonly isError: boolean;
}

/**
 * Launches `entry` in `dir` (an installed project) as a client would — its command, its args with the folder
 * placeholder replaced, its env — with a fresh state folder; lists tools, approves `read_text_file` with the
 * README's own `tools approve` command line run by `approve`, relaunches and reads a planted file.
 */
export async function launchEntry(
  dir: string,
  entry: ClientEntry,
  approve: (home: string) => Promise<void>,
  planted: string,
): Promise<LaunchReport> {
  const home = mkdtempSync(join(tmpdir(), 'airlock-client-'));
  const folder = join(home, 'files');
  mkdirSync(folder);
  writeFileSync(join(folder, 'notes.txt'), planted);
  const args = entry.args.map((arg) => (arg === FOLDER_PLACEHOLDER ? folder : arg));
  const launch = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const transport = new StdioClientTransport({
      command: entry.command,
      args,
      cwd: dir,
      env: { ...(process.env as Record<string, string>), ...entry.env, AIRLOCK_HOME: home, CI: '' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', () => undefined);
    const client = new Client({ name: 'client-config-test', version: '1.0.0' });
    await client.connect(transport, { timeout: 120_000 });
    try {
      return await work(client);
    } finally {
      await client.close();
    }
  };
  const before = await launch(async (client) => (await client.listTools()).tools.map((tool) => tool.name));
  await approve(home);
  return launch(async (client) => {
    const after = (await client.listTools()).tools.map((tool) => tool.name);
    const result = await client.callTool({
      name: 'read_text_file',
      arguments: { path: join(folder, 'notes.txt') },
    });
    const text = result.content.map((block) => ('text' in block ? block.text : '')).join('\n');
    return { before, after, text, isError: result.isError === true };
  });
}
