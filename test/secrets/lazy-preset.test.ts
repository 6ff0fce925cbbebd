// The secretlint preset loads lazily: importing the detector or the core, or scanning prose, never loads it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PROJECT_ROOT = join(import.meta.dirname, '../..');
const PRESET = 'secretlint-rule-preset-recommend';

/**
 * Runs an ES module script in a fresh Node process with TypeScript support and module tracing on (both
 * loaders log every module they resolve), and returns the trace.
 */
async function moduleTrace(script: string): Promise<string> {
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: PROJECT_ROOT,
      timeout: 120_000,
      maxBuffer: 256 << 20,
      env: { ...process.env, NODE_DEBUG: 'module,esm' },
    },
  );
  expect(stdout).toContain('done');
  return stderr;
}

describe('loading the secretlint preset', () => {
  it('is not loaded by importing the detector or the core, nor by text without a candidate', async () => {
    const trace = await moduleTrace(`
      const { detectSecrets } = await import('./src/secrets/index.ts');
      const core = await import('./src/index.ts');
      detectSecrets('The committee met on Tuesday, as planned: nothing to report.');
      core.sanitizeText('Plain prose, café, 中文, with a colon: and "quotes".');
      console.log('done');`);
    expect(trace).toContain('src/secrets/index.ts');
    expect(trace).not.toContain(PRESET);
  }, 120_000);

  it('is loaded, synchronously, the first time a window needs its rules', async () => {
    const trace = await moduleTrace(`
      const { detectSecrets } = await import('./src/secrets/index.ts');
      const found = detectSecrets('token 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');
      if (found.length !== 1) throw new Error('no secret found');
      console.log('done');`);
    expect(trace).toContain(PRESET);
  }, 120_000);
});
