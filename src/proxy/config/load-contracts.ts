// Loads the contracts a config file names for tools' structuredContent: JSON contract files, or modules exporting one.
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contractFromJson, readConfigJson } from '../../contract/contract-file.js';
import type { ToolContract } from '../../contract/define-tool.js';
import { contractSchemaOf } from '../../contract/zod-schema.js';
import type { StructuredContract } from '../../mcp/contract/result-contract.js';
import { ProxyConfigError } from './config-error.js';

/**
 * Loads each tool's contract: a `.json` file in the contract-file format (`agent-airlock/contract.schema.json`),
 * or a module (`.js`, `.mjs`) whose default export — or `contract` export — is a contract object, its schema
 * JSON Schema or zod (zod is exported to JSON Schema here, as `defineTool` does). The tool's name in a
 * contract is ignored: the tool it is configured for is the one it applies to. Throws `ConfigFileError`,
 * `ContractError` or {@link ProxyConfigError} naming the file.
 */
export async function loadToolContracts(
  paths: Readonly<Record<string, string>>,
): Promise<Record<string, StructuredContract>> {
  const contracts: Record<string, StructuredContract> = {};
  for (const [tool, path] of Object.entries(paths)) {
    const contract =
      extname(path) === '.json'
        ? contractFromJson(await readConfigJson(path, 'the contract file'))
        : await fromModule(path);
    contracts[tool] = {
      version: contract.version,
      schema: contractSchemaOf(contract.schema, '/schema'),
      ...(contract.limits === undefined ? {} : { limits: contract.limits }),
      ...(contract.bind === undefined ? {} : { bind: contract.bind }),
      ...(contract.project === undefined ? {} : { project: contract.project }),
      ...(contract.failure === undefined ? {} : { failure: contract.failure }),
      ...(contract.purposes === undefined ? {} : { purposes: contract.purposes }),
    };
  }
  return contracts;
}

async function fromModule(path: string): Promise<ToolContract> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch {
    throw new ProxyConfigError(`the contract module ${path} could not be loaded`);
  }
  const contract = loaded.default ?? loaded.contract;
  if (
    typeof contract !== 'object' ||
    contract === null ||
    !('schema' in contract) ||
    !('version' in contract)
  )
    throw new ProxyConfigError(`the contract module ${path} exports no contract (default or "contract")`);
  return { name: 'configured', ...(contract as Omit<ToolContract, 'name'>) };
}
