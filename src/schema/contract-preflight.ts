// What is checked before ajv sees a contract schema, so the mistakes authors make most are named plainly.
import { ContractError } from '../vocabulary/contract-error.js';
import { escapeSegment } from '../vocabulary/pointer.js';
import { isPurposeKind, PURPOSE_KINDS } from '../vocabulary/purpose-kinds.js';
import { PURPOSE_KEYWORD } from './purpose-keyword.js';
import { isSchemaObject, subschemasOf, type SchemaObject } from './subschemas.js';

/** The dialect contracts are written in. */
export const CONTRACT_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const DIALECT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const KNOWN_DIALECT = /^https?:\/\/json-schema\.org\/(draft-0[3-7]|draft\/2019-09)\/schema#?$/;

/** What `x-purpose` takes, said the same wherever a purpose is refused. */
export const PURPOSE_CHOICES = `"${PURPOSE_KEYWORD}" is one of ${PURPOSE_KINDS.join(', ')}, or { "kind": one of those, …options }`;

/** A value shown back in a message only when it looks like a purpose name (never arbitrary schema text). */
const NAME_SHAPE = /^[A-Za-z0-9_.-]{1,32}$/;

/**
 * Refuses, with a message that says what to write instead: a `$schema` other than JSON Schema 2020-12 (the
 * only dialect contracts are compiled in), and an `x-purpose` that names no purpose. ajv would otherwise refuse
 * both with its own words ("no schema with key or ref …", "keyword value is invalid … data undefined").
 */
export function preflightContractSchema(root: SchemaObject): void {
  const dialect = root.$schema;
  if (dialect !== undefined && !(typeof dialect === 'string' && DIALECT_2020_12.test(dialect))) {
    const named = typeof dialect === 'string' ? KNOWN_DIALECT.exec(dialect)?.[1] : undefined;
    throw new ContractError(
      'contract.invalid_schema',
      '/$schema',
      `Contracts are JSON Schema 2020-12${named === undefined ? '' : `, not ${named}`}: set "$schema" to ` +
        `"${CONTRACT_DIALECT}" or leave it out, and write 2020-12 forms ("$defs" for "definitions", ` +
        '"prefixItems" for an array of "items", "dependentRequired"/"dependentSchemas" for "dependencies")',
    );
  }
  const pending: Array<{ node: unknown; location: string }> = [{ node: root, location: '' }];
  const seen = new Set<object>();
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { node, location } = item;
    if (!isSchemaObject(node) || seen.has(node)) continue;
    seen.add(node);
    checkPurposeShape(node[PURPOSE_KEYWORD], `${location}/${PURPOSE_KEYWORD}`);
    for (const sub of subschemasOf(node))
      pending.push({ node: sub.schema, location: `${location}/${sub.path.join('/')}` });
    if (isSchemaObject(node.$defs))
      for (const [name, def] of Object.entries(node.$defs))
        pending.push({ node: def, location: `${location}/$defs/${escapeSegment(name)}` });
  }
}

function checkPurposeShape(declared: unknown, location: string): void {
  if (declared === undefined) return;
  const kind = isSchemaObject(declared) ? declared.kind : declared;
  if (isPurposeKind(kind)) return;
  const shown =
    typeof kind === 'string' && NAME_SHAPE.test(kind) ? `"${kind}" is not a purpose` : 'No purpose named';
  throw new ContractError('contract.invalid_purpose', location, `${shown}: ${PURPOSE_CHOICES}`);
}
