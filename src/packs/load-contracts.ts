// Loads the contracts a pack names: from the pack folder, or by file name from the shipped contracts.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadContractFile } from '../contract/contract-file.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { PackError } from './pack-error.js';
import { displayPath } from './paths.js';
import { shippedContractsDir } from './shipped.js';

/** Where the loader looks and prints from. */
export interface ContractSources {
  readonly packDir: string;
  readonly packFile: string;
  readonly cwd: string;
}

/**
 * Defines every contract a pack names, keyed by tool name. A path is taken relative to the pack folder; when
 * no file is there and the path is a bare file name, the shipped contract of that name is used. A missing
 * file, a contract the gate refuses, or two contracts for one tool name is a {@link PackError}.
 */
export async function loadPackContracts(
  paths: readonly string[],
  sources: ContractSources,
): Promise<ReadonlyMap<string, ToolDefinition>> {
  const tools = new Map<string, ToolDefinition>();
  for (const [index, path] of paths.entries()) {
    const pointer = `/contracts/${index}`;
    const file = locate(path, sources.packDir);
    if (file === undefined) {
      throw new PackError(
        sources.packFile,
        pointer,
        'no such contract file in the pack or among the shipped contracts',
      );
    }
    const tool = await defineFrom(file, sources.cwd);
    if (tools.has(tool.name)) {
      throw new PackError(sources.packFile, pointer, `a second contract for the tool "${tool.name}"`);
    }
    tools.set(tool.name, tool);
  }
  return tools;
}

function locate(path: string, packDir: string): string | undefined {
  const local = resolve(packDir, path);
  if (existsSync(local)) return local;
  const shipped = shippedContractsDir();
  if (shipped === undefined || !/^[A-Za-z0-9_.-]+$/.test(path)) return undefined;
  const candidate = resolve(shipped, path);
  return existsSync(candidate) ? candidate : undefined;
}

async function defineFrom(file: string, cwd: string): Promise<ToolDefinition> {
  try {
    return await loadContractFile(file);
  } catch (error) {
    if (error instanceof ContractError)
      throw new PackError(displayPath(cwd, file), error.location, error.message);
    throw new PackError(displayPath(cwd, file), '', 'the contract file cannot be read');
  }
}
