// Says what a contract file that fails its format lacks or holds too many of, in the format's own words.
import type { ErrorObject } from 'ajv';

/** The members a contract file may have at its top level (see `contract-file.schema.json`). */
const FILE_MEMBERS: ReadonlySet<string> = new Set([
  '$schema',
  'name',
  'version',
  'description',
  'schema',
  'envelope',
  'limits',
  'bind',
  'project',
  'failure',
  'purposes',
]);

/** Keywords that mark a JSON Schema written where a contract file belongs. */
const SCHEMA_KEYWORDS = ['type', 'properties', 'oneOf', 'anyOf', 'allOf', '$defs', 'definitions', 'items'];

/** A member name shown back only when it has a name's shape (never arbitrary file text). */
const NAME_SHAPE = /^[A-Za-z0-9_$.-]{1,40}$/;

const shown = (name: string): string => (NAME_SHAPE.test(name) ? `"${name}"` : 'a member');

const list = (names: readonly string[]): string =>
  names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

/**
 * What is wrong at the top of a contract file, in one sentence, or `undefined` when its top level is sound
 * (then {@link describeFormatError} words the first deeper mismatch). Names the members it lacks (`name`,
 * `version`, and `schema` or `envelope`) and those the format does not know, and recognises a plain JSON
 * Schema given where the contract file that wraps one belongs.
 */
export function topLevelProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'A contract file is a JSON object: { "name", "version", "schema" or "envelope", … }';
  const members = Object.keys(value);
  const missing = ['name', 'version'].filter((name) => !members.includes(name)).map((name) => `"${name}"`);
  const hasSchema = members.includes('schema') || members.includes('envelope');
  if (!hasSchema) missing.push('"schema" (or "envelope")');
  const unknown = members.filter((name) => !FILE_MEMBERS.has(name));
  if (missing.length === 0 && unknown.length === 0) return undefined;
  const parts = [
    missing.length === 0 ? '' : `lacks ${list(missing)}`,
    unknown.length === 0 ? '' : `has ${list(unknown.slice(0, 5).map(shown))} the format does not know`,
  ].filter(Boolean);
  const looksLikeSchema = SCHEMA_KEYWORDS.some((keyword) => members.includes(keyword));
  const hint = looksLikeSchema
    ? '; it looks like a plain JSON Schema: a contract file wraps one, as { "name": "my_tool", "version": "my_tool.v1", "schema": { … } }'
    : '';
  return `The contract file ${parts.join(' and ')} (format: agent-airlock/contract.schema.json)${hint}`;
}

/**
 * The first mismatch ajv found in a contract file, as what to change: what the member lacks or must be (the
 * `ContractError` adds where, from ajv's instance path).
 */
export function describeFormatError(error: ErrorObject | undefined): string {
  if (error === undefined) return 'The contract file does not match its format';
  const params = error.params as Record<string, unknown>;
  const detail = ((): string => {
    switch (error.keyword) {
      case 'required':
        return `lacks "${String(params.missingProperty)}"`;
      case 'additionalProperties':
        return `has ${shown(String(params.additionalProperty))}, which the format does not know there`;
      case 'type':
        return `must be ${String(params.type)}`;
      case 'enum':
        return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      case 'const':
        return `must be ${JSON.stringify(params.allowedValue)}`;
      case 'pattern':
        return `does not have the form ${String(params.pattern)}`;
      default:
        return `fails "${error.keyword}" (schema ${error.schemaPath})`;
    }
  })();
  return `The contract file ${detail} (format: agent-airlock/contract.schema.json)`;
}
