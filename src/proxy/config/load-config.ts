// Reads airlock.config.json: bounded, strict JSON, checked against the shipped schema; errors name the file and key.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { readConfigJson } from '../../contract/contract-file.js';
import { createAjv } from '../../schema/ajv-factory.js';
import { ProxyConfigError } from './config-error.js';
import proxyConfigSchema from './proxy-config.schema.json' with { type: 'json' };

/** What the file may say about one tool. */
export interface ToolConfig {
  readonly effect?: 'read' | 'write' | 'network';
  readonly requires?: readonly string[];
  readonly contract?: string;
}

/** Settings a server entry may override. */
interface SharedConfig {
  readonly tenant?: string;
  readonly approve?: 'none' | 'first-use';
  readonly hosts?: 'any' | readonly string[];
  readonly wrap?: 'tags' | 'json' | 'datamark' | 'base64';
  readonly instructions?: 'ignore' | 'report' | 'reject';
}

/** One server of the file. */
export interface ServerConfig extends SharedConfig {
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly url?: string;
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
  readonly tools?: Readonly<Record<string, ToolConfig>>;
}

/** The file, as the schema allows it. */
export interface ProxyConfig extends SharedConfig {
  readonly store?: string;
  readonly keyFile?: string;
  readonly auditLog?: string;
  readonly killSwitch?: boolean;
  readonly grant?: readonly string[];
  readonly onMissingGrant?: 'deny' | 'ask';
  readonly limits?: {
    readonly maxMessageBytes?: number;
    readonly timeoutMs?: number;
    readonly confirmTimeoutMs?: number;
  };
  readonly servers?: Readonly<Record<string, ServerConfig>>;
}

let validator: ValidateFunction | undefined;

/** The config schema, compiled once (through the project's strict ajv). */
function validate(): ValidateFunction {
  validator ??= createAjv().compile(proxyConfigSchema);
  return validator;
}

/**
 * Reads and checks a config file. Throws `ConfigFileError` when it cannot be read, `ContractError` when it
 * is not strict JSON, and {@link ProxyConfigError} naming the first key that breaks the schema.
 */
export async function loadProxyConfig(path: string): Promise<ProxyConfig> {
  const value = await readConfigJson(path, 'the config file');
  const check = validate();
  // With allErrors off ajv stops at the first failing keyword; a failed oneOf comes last and says the most.
  if (!check(value)) throw new ProxyConfigError(`the config file ${path}: ${describe(check.errors?.at(-1))}`);
  return value as ProxyConfig;
}

/** One schema error as words: where (a JSON pointer into the file) and what, never the value found there. */
function describe(error: ErrorObject | null | undefined): string {
  if (error === null || error === undefined) return 'is not a valid configuration';
  const where = error.instancePath === '' ? 'the top level' : error.instancePath;
  const extra = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where} has an unknown key "${String(extra.additionalProperty)}"`;
    case 'enum':
      return `${where} must be one of ${(extra.allowedValues as unknown[]).join(', ')}`;
    case 'required':
      return `${where} is missing "${String(extra.missingProperty)}"`;
    case 'type':
      return `${where} must be ${String(extra.type)}`;
    case 'oneOf':
      return where.endsWith('/hosts')
        ? `${where} must be "any" or a list of host names`
        : `${where} must name either a command or a url, not both`;
    case 'pattern':
    case 'propertyNames':
      return `${where} has a name or value outside the allowed pattern`;
    default:
      return `${where} breaks the schema's "${error.keyword}" rule`;
  }
}
