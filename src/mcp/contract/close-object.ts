// Rule 6 of schema hardening: objects closed unless the schema says otherwise, open maps bounded.
import { isSchemaObject } from '../../schema/subschemas.js';
import { ANY_JSON_REF, MAX_MEMBER_NAME, type AnyJsonBounds } from './any-json.js';
import { HardeningRefusal } from './refusal.js';

/**
 * Closes one object schema in place:
 * - no `additionalProperties`: closed — `additionalProperties: false`, or `unevaluatedProperties: false` on a
 *   composition (`allOf`/`anyOf`/`oneOf`/`$ref`, so members declared in its branches stay allowed); a branch
 *   that a closed composition already covers is left as it is;
 * - `additionalProperties: true` or a schema: the server says the object is open, so the other members become
 *   a bounded map (`patternProperties` over every undeclared name, `maxProperties`, short names);
 * - an open `unevaluatedProperties`, or an open object that also has `patternProperties`: refused.
 * Pattern maps always get `maxProperties` and a `propertyNames` length bound.
 */
export function closeObject(
  out: Record<string, unknown>,
  location: string,
  composed: boolean,
  closedByParent: boolean,
  bounds: AnyJsonBounds,
): void {
  const additional = out.additionalProperties;
  const unevaluated = out.unevaluatedProperties;
  if (unevaluated !== undefined && unevaluated !== false) {
    throw new HardeningRefusal('mcp.schema_open_object', `${location}/unevaluatedProperties`);
  }
  if (additional === undefined && unevaluated === undefined && !closedByParent) {
    if (composed) out.unevaluatedProperties = false;
    else out.additionalProperties = false;
  } else if (additional !== undefined && additional !== false) {
    if (out.patternProperties !== undefined) {
      throw new HardeningRefusal('mcp.schema_open_object', `${location}/additionalProperties`);
    }
    const open = additional === true || (isSchemaObject(additional) && Object.keys(additional).length === 0);
    const names = isSchemaObject(out.properties) ? Object.keys(out.properties) : [];
    const others = names.length === 0 ? '' : `^(?!(?:${names.map(escapeRegExp).join('|')})$)`;
    out.patternProperties = { [others]: open ? { $ref: ANY_JSON_REF } : additional };
    out.additionalProperties = false;
  }
  if (out.patternProperties !== undefined) {
    out.maxProperties = capped(out.maxProperties, bounds.maxProperties);
    const names = isSchemaObject(out.propertyNames) ? out.propertyNames : {};
    out.propertyNames = { ...names, maxLength: capped(names.maxLength, MAX_MEMBER_NAME) };
  }
}

/** The server's bound when it states one at most `limit`, else `limit`. */
export function capped(value: unknown, limit: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? Math.min(value, limit)
    : limit;
}

/** Escapes a member name for a `u`-flag regular expression (only syntax characters may be escaped there). */
function escapeRegExp(name: string): string {
  return name.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
