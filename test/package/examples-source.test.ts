// Every example program run from the clone (its `agent-airlock` imports resolved to the sources), as `npm test` does.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { EXAMPLES, EXPECTED_OUTPUT, exampleEntry, normalise } from './examples.js';

const TSX = createRequire(import.meta.url).resolve('tsx');
const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/', import.meta.url));
/** The clone's tsconfig: its `paths` map `agent-airlock` and its subpaths to `src/`. */
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

describe('the examples, run from the sources', () => {
  for (const name of EXAMPLES) {
    test(`${name} prints what the packed app prints`, async () => {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', TSX, exampleEntry(EXAMPLES_DIR, name, 'ts')],
        { timeout: 120_000, env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG } },
      );
      expect({ stdout: normalise(stdout), stderr }).toEqual({ stdout: EXPECTED_OUTPUT[name], stderr: '' });
    }, 150_000);
  }
});
