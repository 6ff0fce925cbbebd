// A one-line progress bar on a terminal while packs run; nothing at all when output is not a terminal or in CI.
import type { CliIo } from './command.js';
import type { RunOptions } from '../packs/run.js';

/** Width of the bar in characters. */
const BAR_WIDTH = 30;

/** A progress display: the callback to pass to `runPacks`, and `finish` to clear the line afterwards. */
export interface Progress {
  readonly onCase: NonNullable<RunOptions['onCase']>;
  finish(): void;
}

/**
 * A progress bar on standard error, redrawn in place after each case, when standard output is a terminal
 * and `CI` is not set; a silent progress otherwise (logs and files stay clean).
 */
export function createProgress(io: Pick<CliIo, 'isTty' | 'env' | 'stderr'>): Progress {
  const ci = io.env.CI;
  if (!io.isTty || (ci !== undefined && ci !== '' && ci !== 'false')) {
    return { onCase: () => undefined, finish: () => undefined };
  }
  let failed = 0;
  let drawn = false;
  return {
    onCase({ done, total, pack, result }) {
      if (!result.passed) failed++;
      const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
      const bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled);
      const failures = failed === 0 ? '' : `  ${failed} failed`;
      io.stderr(`\r\x1b[K[${bar}] ${done}/${total}${failures}  ${pack}/${result.id}`);
      drawn = true;
    },
    finish() {
      if (drawn) io.stderr('\r\x1b[K');
    },
  };
}
