// Turns an event's values into a bounded, JSON-ready tree: secrets redacted, payloads digested, depth and width capped.
import { heldValue, isUntrusted } from '../../src/taint/untrusted.js';
import { payloadDigest } from './digest.js';
import { fieldRole } from './field-names.js';
import type { LogLineOptions } from './options.js';
import { redactAndBound, redactionMarker, type LogRedaction } from './redact.js';

/** A JSON value as it will be written to the log. */
export type LogValue =
  null | boolean | number | string | readonly LogValue[] | { readonly [name: string]: LogValue };

/** Longest field name kept, in code points (names are redacted and cut like values). */
const MAX_NAME_LENGTH = 128;

/** What stands in for a value the walk does not descend into. */
const CUT = Object.freeze({ depth: '[cut: depth]', cycle: '[cut: cycle]', accessor: '[accessor]' });

/** The member that records how many members or items a container left out. */
export const MORE_MEMBER = '_more';

interface Walk {
  readonly options: LogLineOptions;
  readonly path: Set<object>;
}

/** A field name as it may appear in a log: secrets redacted, cut to {@link MAX_NAME_LENGTH}. */
export function logName(name: string, redaction?: LogRedaction): string {
  return redactAndBound(name, MAX_NAME_LENGTH, redaction);
}

/**
 * One member's value as logged: a field named like a payload becomes its digest (unless it is a number or a
 * boolean: `rawBytes` is a count, not a payload), a field named like a secret becomes a redaction marker,
 * anything else is shaped by {@link shapeValue}.
 */
export function shapeMember(name: string, value: unknown, walk: Walk, depth: number): LogValue {
  switch (fieldRole(name)) {
    case 'payload':
      if (typeof value === 'number' || typeof value === 'boolean') return shapeValue(value, walk, depth);
      return payloadDigest(isUntrusted(value) ? heldValue(value) : value);
    case 'secret':
      return redactionMarker('field');
    case 'plain':
      return shapeValue(value, walk, depth);
  }
}

/** The logged form of any value, within the walk's depth and width bounds. Never throws on content. */
export function shapeValue(value: unknown, walk: Walk, depth: number): LogValue {
  switch (typeof value) {
    case 'string':
      return redactAndBound(value, walk.options.maxStringLength, walk.options);
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'undefined':
      return null;
    case 'symbol':
      return '[symbol]';
    case 'function':
      return '[function]';
    default:
      return value === null ? null : shapeObject(value as object, walk, depth);
  }
}

function shapeObject(value: object, walk: Walk, depth: number): LogValue {
  if (isUntrusted(value)) return { untrusted: value.source, ...payloadDigest(heldValue(value)) };
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return payloadDigest(value);
  if (value instanceof Date) {
    // Date's own methods, never the instance's: a date object can carry its own toISOString.
    const time = Date.prototype.getTime.call(value);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  if (value instanceof Error) return errorSummary(value);
  if (depth >= walk.options.maxDepth) return CUT.depth;
  if (walk.path.has(value)) return CUT.cycle;
  walk.path.add(value);
  const shaped =
    Array.isArray(value) || value instanceof Set
      ? shapeItems([...(value as Iterable<unknown>)], walk, depth)
      : shapeMembers(value instanceof Map ? mapEntries(value) : memberEntries(value), walk, depth);
  walk.path.delete(value);
  return shaped;
}

/** An error's name and code only: messages often quote the input that caused them. */
function errorSummary(error: Error): LogValue {
  const code: unknown = (error as { code?: unknown }).code;
  const name = logName(error.name);
  return typeof code === 'string' || typeof code === 'number'
    ? { error: name, code: logName(String(code)) }
    : { error: name };
}

function shapeItems(items: readonly unknown[], walk: Walk, depth: number): LogValue {
  const { maxItems } = walk.options;
  const shaped = items.slice(0, maxItems).map((item) => shapeValue(item, walk, depth + 1));
  return items.length > maxItems ? [...shaped, { [MORE_MEMBER]: items.length - maxItems }] : shaped;
}

/** The members of an object, in order: own enumerable data properties; accessors are named, never run. */
export function memberEntries(value: object): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor !== undefined)
      entries.push([key, 'value' in descriptor ? descriptor.value : CUT.accessor]);
  }
  return entries;
}

/** A map's entries with printable names: string and number keys as they are, other keys by their type. */
function mapEntries(map: Map<unknown, unknown>): [string, unknown][] {
  return [...map].map(([key, item]) => [
    typeof key === 'string' || typeof key === 'number' ? String(key) : `[${typeof key}]`,
    item,
  ]);
}

function shapeMembers(entries: readonly [string, unknown][], walk: Walk, depth: number): LogValue {
  const { maxItems } = walk.options;
  const shaped: Record<string, LogValue> = Object.create(null) as Record<string, LogValue>;
  for (const [name, member] of entries.slice(0, maxItems))
    shaped[logName(name, walk.options)] = shapeMember(name, member, walk, depth + 1);
  if (entries.length > maxItems) shaped[MORE_MEMBER] = entries.length - maxItems;
  return shaped;
}
