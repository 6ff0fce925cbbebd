// Declarative projection: builds the small agent-facing object from a sanitized value, carrying purposes.
import { setOwnMember } from '../json/own-member.js';
import { childPointer, escapeSegment, locatePath, parsePointer } from '../vocabulary/pointer.js';
import type { PurposeIndex } from '../walk/purpose-index.js';
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';
import { ContractError } from '../vocabulary/contract-error.js';

/**
 * What the agent receives, field by field: a JSON pointer into the sanitized value, or `{ from, each }` to
 * map every item of an array (with `each` a pointer relative to the item, or a nested projection).
 * A pointer that resolves to nothing leaves its field out.
 */
export interface ProjectionSpec {
  readonly [field: string]: string | { readonly from: string; readonly each: string | ProjectionSpec };
}

/** Exact JSON pointer into a projected value → the purpose of the string there (null prototype). */
export type PurposeMap = Record<string, PurposeKind>;

/** A projected value and the purposes of its strings, keyed by pointers into the projected value. */
export interface Projected {
  readonly value: unknown;
  readonly purposes: PurposeMap;
}

/** A projection checked at definition time. */
export type CompiledProjection = (value: unknown, purposes: PurposeIndex) => Projected;

interface Out {
  readonly index: PurposeIndex;
  readonly purposes: PurposeMap;
}

type Step = (source: unknown, out: Out, outPointer: string) => unknown;

/** The identity projection: a copy of the whole value with the purposes of all its strings. */
export const IDENTITY_PROJECTION: CompiledProjection = (value, index) => {
  const purposes = Object.create(null) as PurposeMap;
  if (typeof value === 'string' && index.root !== undefined) purposes[''] = index.root;
  return { value: copy(value, { index, purposes }, ''), purposes };
};

/** Compiles a projection spec (throws `ContractError` on a malformed one). */
export function compileProjection(spec: ProjectionSpec, location = '/project'): CompiledProjection {
  const step = compileObject(spec, location);
  return (value, index) => {
    const purposes = Object.create(null) as PurposeMap;
    return { value: step(value, { index, purposes }, ''), purposes };
  };
}

function compileObject(spec: ProjectionSpec, location: string): Step {
  if (typeof spec !== 'object' || Array.isArray(spec)) {
    throw new ContractError('contract.invalid_projection', location, 'A projection is an object of fields');
  }
  const fields = Object.entries(spec).map(([field, rule]) => ({
    field,
    segment: `/${escapeSegment(field)}`,
    step: compileField(rule, `${location}/${field}`),
  }));
  return (source, out, outPointer) => {
    const projected: Record<string, unknown> = {};
    for (const { field, segment, step } of fields) {
      const value = step(source, out, outPointer + segment);
      if (value !== undefined) setOwnMember(projected, field, value);
    }
    return projected;
  };
}

function compileField(rule: ProjectionSpec[string], location: string): Step {
  if (typeof rule === 'string') return compilePick(rule, location);
  if (typeof rule !== 'object' || typeof rule.from !== 'string') {
    throw new ContractError(
      'contract.invalid_projection',
      location,
      'A field is a pointer or { from, each }',
    );
  }
  const fromPath = compilePath(rule.from, `${location}/from`);
  const each =
    typeof rule.each === 'string'
      ? compilePick(rule.each, `${location}/each`)
      : compileObject(rule.each, `${location}/each`);
  return (source, out, outPointer) => {
    const list = locatePath(source, fromPath)?.value;
    if (!Array.isArray(list)) return undefined;
    return list.map((item, i) => each(item, out, `${outPointer}/${String(i)}`));
  };
}

function compilePath(pointer: string, location: string): readonly string[] {
  try {
    return parsePointer(pointer);
  } catch {
    throw new ContractError('contract.invalid_projection', location, 'Not a JSON pointer');
  }
}

function compilePick(pointer: string, location: string): Step {
  const path = compilePath(pointer, location);
  return (source, out, outPointer) => {
    const found = locatePath(source, path);
    if (found === undefined) return undefined;
    if (typeof found.value === 'string') {
      const kind = found.container === undefined ? out.index.root : out.index.of(found.container, found.key);
      if (kind !== undefined) out.purposes[outPointer] = kind;
      return found.value;
    }
    return copy(found.value, out, outPointer);
  };
}

/** Copies a JSON value, recording the purposes of its strings under pointers into the copy. */
function copy(value: unknown, out: Out, to: string): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown, i) => {
      if (typeof item === 'string') record(out, value, i, childPointer(to, i));
      return copy(item, out, childPointer(to, i));
    });
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, inner]): [string, unknown] => {
      if (typeof inner === 'string') record(out, value, key, childPointer(to, key));
      return [key, copy(inner, out, childPointer(to, key))];
    });
    return Object.fromEntries(entries);
  }
  return value;
}

function record(out: Out, container: object, key: string | number, pointer: string): void {
  const kind = out.index.of(container, key);
  if (kind !== undefined) out.purposes[pointer] = kind;
}
