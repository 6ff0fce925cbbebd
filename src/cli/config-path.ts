// Which airlock.config.json a command reads: the flag, the environment, or the one in the working folder.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliIo } from './command.js';

/** The file a config lives in by default, in the working folder. */
export const CONFIG_FILE_NAME = 'airlock.config.json';

/** The config file to read: `--config`, else `$AIRLOCK_CONFIG`, else `./airlock.config.json` when it exists. */
export function configFile(flag: string | undefined, io: CliIo): string | undefined {
  const named = flag ?? io.env.AIRLOCK_CONFIG;
  if (named !== undefined && named !== '') return resolve(io.cwd, named);
  const local = resolve(io.cwd, CONFIG_FILE_NAME);
  return existsSync(local) ? local : undefined;
}
