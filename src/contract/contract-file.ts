// Contracts as data: loads a JSON contract file, checks it against its own schema, and defines the tool.
import type { ValidateFunction } from 'ajv';
import type { BindRule } from '../bind/rules.js';
import { parseJson } from '../json/parse.js';
import type { JsonValue } from '../json/types.js';
import type { ProjectionSpec } from '../project/projection.js';
import { CONFIG_FILE_DEFAULTS, readConfigFile } from '../read/config-file.js';
import { decodeUtf8 } from '../read/decode.js';
import { validate as precompiledFileCheck } from '../schema/generated/contract-file.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { outcomeEnvelope, provenanceEnvelope, type EnvelopeContract } from './envelopes.js';
import { describeFormatError, topLevelProblem } from './contract-file-errors.js';
import { defineTool, type ToolContract, type ToolDefinition } from './define-tool.js';
import type { FailureVariant } from './failure-variant.js';
import type { LimitOverrides } from '../vocabulary/limits.js';

/** The shape of a contract file (see `contract-file.schema.json` beside this file). */
interface ContractFile {
  readonly name: string;
  readonly version: string;
  readonly schema?: object;
  readonly envelope?: EnvelopeSpec;
  readonly limits?: LimitOverrides;
  readonly bind?: readonly BindRule[];
  readonly project?: ProjectionSpec;
  readonly failure?: FailureVariant;
  readonly purposes?: ToolContract['purposes'];
}

type EnvelopeSpec =
  | {
      readonly kind: 'outcome';
      readonly tool: string;
      readonly errorCodes: readonly string[];
      readonly data: object;
    }
  | {
      readonly kind: 'provenance';
      readonly schemaVersion: string;
      readonly errorCodes: readonly string[];
      readonly systems: readonly string[];
      readonly maxAgeSeconds: number;
      readonly data: object;
    };

/** The contract-file schema's check, generated ahead of time by `scripts/generate-validators.ts`. */
const fileValidator = precompiledFileCheck as unknown as ValidateFunction;

/** Limits for reading contract files: generous for hand-written configuration, still bounded. */
const CONFIG_PARSE_LIMITS = { maxDepth: 64, maxStringLength: 1 << 20, maxNodes: 1_000_000 } as const;

/**
 * Turns a parsed contract file into a tool contract. Throws `ContractError` when the file does not match
 * the contract-file schema, naming what it lacks or what to change; the tool definition itself then applies
 * every contract rule.
 */
export function contractFromJson(value: unknown): ToolContract {
  const problem = topLevelProblem(value);
  if (problem !== undefined) throw new ContractError('contract.invalid_definition', '', problem);
  if (!fileValidator(value)) {
    const error = fileValidator.errors?.[0];
    throw new ContractError(
      'contract.invalid_definition',
      error?.instancePath ?? '',
      describeFormatError(error),
    );
  }
  const file = value as ContractFile;
  const envelope = file.envelope === undefined ? undefined : buildEnvelope(file.envelope);
  const schema = envelope?.schema ?? file.schema;
  if (schema === undefined)
    throw new ContractError('contract.invalid_definition', '', 'A contract needs a schema');
  const failure = file.failure ?? envelope?.failure;
  return {
    name: file.name,
    version: file.version,
    schema,
    bind: [...(envelope?.bind ?? []), ...(file.bind ?? [])],
    ...(file.limits === undefined ? {} : { limits: file.limits }),
    ...(file.project === undefined ? {} : { project: file.project }),
    ...(failure === undefined ? {} : { failure }),
    ...(file.purposes === undefined ? {} : { purposes: file.purposes }),
  };
}

function buildEnvelope(spec: EnvelopeSpec): EnvelopeContract {
  return spec.kind === 'outcome' ? outcomeEnvelope(spec) : provenanceEnvelope(spec);
}

/**
 * Parses configuration text strictly (duplicate names are refused in configuration too); `what` names the
 * file in the error, such as `The contract file contract.json`.
 */
export function parseContractText(text: string, what = 'The contract file'): JsonValue {
  const parsed = parseJson(text, CONFIG_PARSE_LIMITS);
  if (!parsed.ok) {
    throw new ContractError(
      'contract.invalid_definition',
      '',
      `${what} is not strict JSON (${parsed.error.code} at byte ${parsed.error.offset})`,
    );
  }
  return parsed.value;
}

/** Reads a configuration file under the default size and time bounds and parses it strictly as JSON. */
export async function readConfigJson(path: string, what: string): Promise<JsonValue> {
  const bytes = await readConfigFile(path, { what, ...CONFIG_FILE_DEFAULTS });
  const decoded = decodeUtf8(bytes, 'strip');
  if (!decoded.ok) throw new ContractError('contract.invalid_definition', '', `${what} ${path} is not UTF-8`);
  return parseContractText(decoded.text, `${capitalise(what)} ${path}`);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Reads, parses and defines the tool in a JSON contract file. The file is read under a size ceiling and a
 * deadline (`ConfigFileError` otherwise); a malformed contract throws `ContractError`.
 */
export async function loadContractFile(path: string): Promise<ToolDefinition> {
  return defineTool(contractFromJson(await readConfigJson(path, 'the contract file')));
}
