// A tool's contract named in airlock.config.json is the one its results pass, through the proxy as installed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runAirlock } from './support/cli.js';
import { freshHome, stdioClient, textOf, type TestClient } from './support/clients.js';
import { EVERYTHING } from './support/servers.js';

const TOOL = 'get-structured-content';

/** Only clear skies: a result naming any other weather breaks the contract. */
const CLEAR_SKIES = {
  name: 'weather',
  version: 'weather.v1',
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['temperature', 'conditions', 'humidity'],
    properties: {
      temperature: { type: 'number' },
      conditions: { enum: ['Sunny / Clear'] },
      humidity: { type: 'number' },
    },
    additionalProperties: false,
  },
};

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** A folder holding airlock.config.json for server-everything, its weather tool under `contract` when given. */
function configFolder(contract: string | undefined): string {
  const folder = mkdtempSync(join(tmpdir(), 'airlock-proxy-contracts-'));
  const [command, ...args] = EVERYTHING;
  const tools = contract === undefined ? {} : { [TOOL]: { effect: 'read', contract } };
  const config = { servers: { weather: { command, args, tools } } };
  writeFileSync(join(folder, 'airlock.config.json'), JSON.stringify(config));
  writeFileSync(join(folder, 'weather.contract.json'), JSON.stringify(CLEAR_SKIES));
  return folder;
}

async function weatherThrough(folder: string): Promise<TestClient> {
  const config = join(folder, 'airlock.config.json');
  client = await stdioClient(freshHome(), ['--config', config, '--approve', 'first-use'], { sdk: 2 });
  await client.listTools();
  return client;
}

describe('contracts named in the config file', () => {
  test("without one, the server's own output schema decides: cloudy New York passes", async () => {
    const weather = await weatherThrough(configFolder(undefined));
    const cloudy = await weather.callTool(TOOL, { location: 'New York' });
    expect(cloudy.isError).not.toBe(true);
    expect(cloudy.structuredContent).toEqual({ temperature: 33, conditions: 'Cloudy', humidity: 82 });
  });

  test('with one, its schema decides: clear Los Angeles passes, cloudy New York is refused by code', async () => {
    const weather = await weatherThrough(configFolder('weather.contract.json'));
    const clear = await weather.callTool(TOOL, { location: 'Los Angeles' });
    expect(clear.isError).not.toBe(true);
    expect(clear.structuredContent).toEqual({ temperature: 73, conditions: 'Sunny / Clear', humidity: 48 });
    const cloudy = await weather.callTool(TOOL, { location: 'New York' });
    expect(cloudy.isError).toBe(true);
    expect(cloudy.structuredContent).toBeUndefined();
    expect(textOf(cloudy)).toMatch(/^Airlock refused this tool result: schema_mismatch\b/);
    expect(textOf(cloudy)).not.toContain('Cloudy');
  });

  test('a contract file that is missing ends the start, naming the file, before any server is started', async () => {
    const folder = configFolder('missing.contract.json');
    const started = await runAirlock(['proxy', '--config', join(folder, 'airlock.config.json')], freshHome());
    expect(started.code).toBe(2);
    expect(started.stderr).toContain('missing.contract.json');
  });
});
