// The hook's `--contract TOOL=FILE` options: which contract file a tool's output is checked against.
import { resolve } from 'node:path';
import { loadContractFile } from '../../contract/contract-file.js';
import type { ToolDefinition } from '../../contract/define-tool.js';

/** Tool name → contract file, or a message naming the option that is wrong. */
export type ContractFiles =
  | { readonly ok: true; readonly files: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly message: string };

/** A tool name as Claude Code's model API allows it (up to 128), with the `.` contract names may hold. */
const TOOL = /^[A-Za-z0-9_.-]{1,128}$/;

/** Reads `TOOL=FILE` pairs (a tool named at most once); a malformed pair is a message, never an echo of it. */
export function contractFiles(pairs: readonly string[], cwd: string): ContractFiles {
  const files = new Map<string, string>();
  for (const pair of pairs) {
    const split = pair.indexOf('=');
    const tool = pair.slice(0, Math.max(split, 0));
    if (split < 1 || split === pair.length - 1 || !TOOL.test(tool))
      return { ok: false, message: '--contract takes TOOL=FILE (a tool name of A-Z a-z 0-9 _ . -)' };
    if (files.has(tool)) return { ok: false, message: '--contract names one tool twice' };
    files.set(tool, resolve(cwd, pair.slice(split + 1)));
  }
  return { ok: true, files };
}

/** The contract named for `tool`, loaded now (a broken file throws `ContractError` or `ConfigFileError`). */
export async function contractFor(
  files: ReadonlyMap<string, string>,
  tool: string,
): Promise<ToolDefinition<unknown> | undefined> {
  const file = files.get(tool);
  return file === undefined ? undefined : loadContractFile(file);
}
