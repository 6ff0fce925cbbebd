// Locates the third-party corpora: skipped with a reason on a user's clone, a hard failure in CI.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Root of the shared third-party corpora (AIRLOCK_CORPORA overrides the default `../shared/corpora`). */
export const CORPORA_ROOT = resolve(
  process.env.AIRLOCK_CORPORA ?? join(import.meta.dirname, '../../../shared/corpora'),
);

/** True when running in CI, where every corpus and server must be present. */
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * The path of one corpus folder, or `undefined` (with the reason printed) when it is absent outside CI.
 * In CI an absent corpus throws, so the run fails instead of silently skipping.
 */
export function corpusPath(relative: string): string | undefined {
  const path = join(CORPORA_ROOT, relative);
  if (existsSync(path)) return path;
  const reason = `third-party corpus "${relative}" not found under ${CORPORA_ROOT}`;
  if (IN_CI) throw new Error(`${reason}; CI must run with the corpora present`);
  console.warn(`skipping: ${reason} (set AIRLOCK_CORPORA to run these tests)`);
  return undefined;
}
