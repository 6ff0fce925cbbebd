// A private temporary folder for one test file, removed when the file's tests are done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Creates `airlock-<name>-XXXXXX` in the system temp folder now and removes it after the file's tests. */
export function useTempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `airlock-${name}-`));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
