// What generated projections call: a pointer step as the interpreter takes it, and a copy placed by purpose.
import { setOwnMember } from '../json/own-member.js';
import type { StringPlacer } from '../project/copy.js';
import type { PurposeRecord } from '../project/purpose-record.js';
import { escapeSegment } from '../vocabulary/pointer.js';
import type { PurposeTree } from './purpose-tree.js';

/**
 * One step of a pointer into a sanitized value, as `locatePath` takes it: an array's item at a canonical
 * index within it (`index` is -1 for a segment that is not one), an object's own member, else `undefined`.
 */
export function step(value: unknown, segment: string, index: number): unknown {
  if (Array.isArray(value)) return index >= 0 && index < value.length ? (value[index] as unknown) : undefined;
  if (typeof value === 'object' && value !== null && Object.hasOwn(value, segment))
    return (value as Record<string, unknown>)[segment];
  return undefined;
}

/**
 * A copy of `value` for the agent, made as the interpreter's projection copies (depth first, members in order):
 * each string with a purpose placed as `place` makes it and, with `rec`, recorded under its pointer (`at` is
 * the pointer of `value` in the projection). The purposes come from the schema's tree.
 */
export function copyWith(
  value: unknown,
  tree: PurposeTree | undefined,
  place: StringPlacer,
  rec: PurposeRecord | undefined,
  at: string,
): unknown {
  if (typeof value === 'string') {
    const kind = tree?.kind;
    if (kind === undefined) return value;
    rec?.add(at, kind);
    return place(value, kind);
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++)
      copy[i] = copyWith(value[i], tree?.item(i), place, rec, rec === undefined ? '' : `${at}/${String(i)}`);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let j = 0; j < keys.length; j++) {
    const key = keys[j] as string;
    const pointer = rec === undefined ? '' : `${at}/${escapeSegment(key)}`;
    setOwnMember(
      copy,
      key,
      copyWith((value as Record<string, unknown>)[key], tree?.member(key), place, rec, pointer),
    );
  }
  return copy;
}
