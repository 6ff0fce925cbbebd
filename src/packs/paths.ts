// Path helpers of the pack loader: printable relative paths, and keeping a pack's files inside its folder.
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** `path` relative to `cwd` with `/` separators: what reports and errors print (never an absolute path). */
export function displayPath(cwd: string, path: string): string {
  const shown = relative(cwd, path).split(sep).join('/');
  return shown === '' ? '.' : shown;
}

/** The absolute path of `name` inside `folder`, or `undefined` when it would leave the folder. */
export function pathInside(folder: string, name: string): string | undefined {
  if (isAbsolute(name)) return undefined;
  const path = resolve(folder, name);
  const rel = relative(folder, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : path;
}
