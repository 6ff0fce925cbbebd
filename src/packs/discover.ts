// Finds the pack folders a command line names: a folder holding pack.json, or a folder of such folders.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PACK_FILE } from './load-pack.js';
import { PackError } from './pack-error.js';
import { ConfigFileError } from '../read/config-file.js';
import { displayPath } from './paths.js';

/**
 * The pack folders under each argument, in argument order and then by name: an argument holding pack.json
 * is one pack; otherwise each direct subfolder holding pack.json is. A path that does not exist throws a
 * `ConfigFileError` saying so; one that is no folder, or a folder with no pack in it, a {@link PackError}. A folder named twice is run once.
 */
export function discoverPacks(args: readonly string[], cwd: string): string[] {
  const found: string[] = [];
  for (const arg of args) {
    const dir = resolve(cwd, arg);
    const shown = displayPath(cwd, dir);
    if (!existsSync(dir)) throw new ConfigFileError('not_found', `${shown} does not exist`);
    if (!statSync(dir).isDirectory()) throw new PackError(shown, '', 'is not a folder');
    const packs = isPack(dir)
      ? [dir]
      : readdirSync(dir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(dir, entry.name))
          .filter(isPack)
          .sort();
    if (packs.length === 0) throw new PackError(shown, '', `holds no ${PACK_FILE}, nor folders that do`);
    for (const pack of packs) if (!found.includes(pack)) found.push(pack);
  }
  return found;
}

function isPack(dir: string): boolean {
  const file = join(dir, PACK_FILE);
  return existsSync(file) && statSync(file).isFile();
}
