// The installed package's version, read from its own package.json (wherever the CLI runs from).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'agent-airlock';

/** The version of the `agent-airlock` package this CLI belongs to, or `unknown` when none is found. */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // No package.json here: look one folder up.
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
