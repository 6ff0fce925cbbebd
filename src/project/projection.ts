// Declarative projection: builds the small agent-facing object from a sanitized value, carrying purposes.
import { setOwnMember } from '../json/own-member.js';
import { ANY_ITEM } from '../schema/declared-path.js';
import { at, compilePath, type DeclaresPath, type Scope } from './projection-pointers.js';
import { escapeSegment, locatePath } from '../vocabulary/pointer.js';
import type { PurposeIndex } from '../walk/purpose-index.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { CHECK_EVERY, pauseIfSpent } from '../walk/pacing.js';
import { copyValue, copyValuePaced, placed, type Out, type StringPlacer } from './copy.js';
import { PurposeRecord, withPurposes, type PurposeMap } from './purpose-record.js';

export type { PurposeMap } from './purpose-record.js';
export type { DeclaresPath } from './projection-pointers.js';

/**
 * What the agent receives, field by field: a JSON pointer into the sanitized value, or `{ from, each }` to
 * map every item of an array (with `each` a pointer relative to the item, or a nested projection).
 * A pointer must name something the schema declares; one that resolves to nothing in a particular result
 * (an optional member it lacks) leaves its field out.
 */
export interface ProjectionSpec {
  readonly [field: string]: string | { readonly from: string; readonly each: string | ProjectionSpec };
}

/** A projected value and the purposes of its strings, keyed by pointers into the projected value. */
export interface Projected {
  readonly value: unknown;
  readonly purposes: PurposeMap;
}

/** A projected value and the purposes of its strings as recorded (see {@link PurposeRecord}). */
export interface RecordedProjection {
  readonly value: unknown;
  readonly purposes: PurposeRecord;
}

/**
 * A projection checked at definition time. Called directly it runs in one go; `paced` runs the same
 * projection but lets the event loop turn on long lists and copies (`undefined` when `signal` fired then),
 * placing each string that has a purpose as `place` makes it (the string itself without `place`).
 */
export interface CompiledProjection {
  (value: unknown, purposes: PurposeIndex): Projected;
  paced(
    value: unknown,
    purposes: PurposeIndex,
    signal: AbortSignal | undefined,
    place?: StringPlacer,
  ): Promise<RecordedProjection | undefined>;
}

/** Where the value a step reads sits in the sanitized value (absent for the root): a pointer `""` picks it there. */
interface SourcePlace {
  readonly container: object;
  readonly key: string | number;
}

type Step = (source: unknown, out: Out, outPointer: string, at?: SourcePlace) => unknown;

/** One field of a projection object; a `{ from, each }` field keeps its parts so a long list can pause. */
interface Field {
  readonly field: string;
  readonly segment: string;
  readonly step: Step;
  readonly list?: { readonly from: readonly string[]; readonly each: Step };
}

/** The identity projection: a copy of the whole value with the purposes of all its strings. */
export const IDENTITY_PROJECTION: CompiledProjection = Object.assign(
  (value: unknown, index: PurposeIndex): Projected => {
    const out = freshOut(index);
    return withPurposes({ value: picked(value, undefined, '', out, '') }, out.purposes);
  },
  {
    async paced(value: unknown, index: PurposeIndex, signal: AbortSignal | undefined, place?: StringPlacer) {
      const out = freshOut(index, place);
      if (typeof value === 'string')
        return { value: picked(value, undefined, '', out, ''), purposes: out.purposes };
      const copied = await copyValuePaced(value, out, '', signal);
      return copied === undefined ? undefined : { value: copied.value, purposes: out.purposes };
    },
  },
);

/** Where a projection of a value indexed by `index` starts writing: no purposes recorded yet. */
function freshOut(index: PurposeIndex, place?: StringPlacer): Out {
  return { index, purposes: new PurposeRecord(), place };
}

/**
 * Compiles a projection spec. Throws `ContractError` on a malformed one, and on a pointer to a member or item
 * the contract's schema does not declare (`declares`), naming the pointer: no accepted result could hold it.
 */
export function compileProjection(
  spec: ProjectionSpec,
  declares: DeclaresPath = () => true,
  location = '/project',
): CompiledProjection {
  const fields = compileFields(spec, { declares, prefix: [], location });
  const step = objectStep(fields);
  const run = (value: unknown, index: PurposeIndex): Projected => {
    const out = freshOut(index);
    return withPurposes({ value: step(value, out, '') }, out.purposes);
  };
  return Object.assign(run, {
    async paced(value: unknown, index: PurposeIndex, signal: AbortSignal | undefined, place?: StringPlacer) {
      const out = freshOut(index, place);
      const projected: Record<string, unknown> = {};
      for (const { field, segment, step: fieldStep, list } of fields) {
        const picked =
          list === undefined
            ? fieldStep(value, out, segment)
            : await pacedList(value, list, out, segment, signal);
        if (picked === ABORTED) return undefined;
        if (picked !== undefined) setOwnMember(projected, field, picked);
      }
      return { value: projected, purposes: out.purposes };
    },
  });
}

const ABORTED = Symbol('aborted');

/** A top-level `{ from, each }` field, letting the event loop turn between items when its share is spent. */
async function pacedList(
  source: unknown,
  list: NonNullable<Field['list']>,
  out: Out,
  pointer: string,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const items = locatePath(source, list.from)?.value;
  if (!Array.isArray(items)) return undefined;
  const mapped = new Array<unknown>(items.length);
  for (let i = 0; i < items.length; i++) {
    if (i % CHECK_EVERY === CHECK_EVERY - 1) {
      const pausing = pauseIfSpent(signal);
      if (pausing !== undefined && !(await pausing)) return ABORTED;
    }
    mapped[i] = list.each(items[i], out, `${pointer}/${String(i)}`, { container: items, key: i });
  }
  return mapped;
}

function compileFields(spec: ProjectionSpec, scope: Scope): Field[] {
  if (typeof spec !== 'object' || Array.isArray(spec)) {
    throw new ContractError(
      'contract.invalid_projection',
      scope.location,
      'A projection is an object of fields',
    );
  }
  return Object.entries(spec).map(([field, rule]) => ({
    field,
    segment: `/${escapeSegment(field)}`,
    ...compileField(rule, at(scope, escapeSegment(field))),
  }));
}

function objectStep(fields: readonly Field[]): Step {
  return (source, out, outPointer, at) => {
    const projected: Record<string, unknown> = {};
    for (const { field, segment, step } of fields) {
      const value = step(source, out, outPointer + segment, at);
      if (value !== undefined) setOwnMember(projected, field, value);
    }
    return projected;
  };
}

function compileField(rule: ProjectionSpec[string], scope: Scope): Pick<Field, 'step' | 'list'> {
  if (typeof rule === 'string') return { step: compilePick(rule, scope) };
  if (typeof rule !== 'object' || typeof rule.from !== 'string') {
    throw new ContractError(
      'contract.invalid_projection',
      scope.location,
      'A field is a pointer or { from, each }',
    );
  }
  const from = compilePath(rule.from, at(scope, 'from'));
  const items: Scope = { ...at(scope, 'each'), prefix: [...scope.prefix, ...from, ANY_ITEM] };
  const each =
    typeof rule.each === 'string'
      ? compilePick(rule.each, items)
      : objectStep(compileFields(rule.each, items));
  const step: Step = (source, out, outPointer) => {
    const list = locatePath(source, from)?.value;
    if (!Array.isArray(list)) return undefined;
    const mapped = new Array<unknown>(list.length);
    for (let i = 0; i < list.length; i++)
      mapped[i] = each(list[i], out, `${outPointer}/${String(i)}`, { container: list, key: i });
    return mapped;
  };
  return { step, list: { from, each } };
}

/** A pointer pick; one member of an object (the common `/name`) is read directly, without a path walk. */
function compilePick(pointer: string, scope: Scope): Step {
  const path = compilePath(pointer, scope);
  const only = path.length === 1 ? (path[0] as string) : undefined;
  return (source, out, outPointer, at) => {
    if (only !== undefined && typeof source === 'object' && source !== null && !Array.isArray(source)) {
      if (!Object.hasOwn(source, only)) return undefined;
      return picked((source as Record<string, unknown>)[only], source, only, out, outPointer);
    }
    const found = locatePath(source, path);
    if (found === undefined) return undefined;
    // An empty pointer picks the source itself, which sits where the step was given it.
    if (found.container === undefined && at !== undefined)
      return picked(found.value, at.container, at.key, out, outPointer);
    return picked(found.value, found.container, found.key, out, outPointer);
  };
}

function picked(
  value: unknown,
  container: object | undefined,
  key: string | number,
  out: Out,
  outPointer: string,
): unknown {
  if (typeof value !== 'string') return copyValue(value, out, outPointer);
  return placed(
    out,
    outPointer,
    value,
    container === undefined ? out.index.root : out.index.of(container, key),
  );
}
