// RFC 8785 JSON Canonicalization Scheme: one exact text for a JSON value, for hashing and comparing.
import { redactPointer, type PointerSegment } from '../vocabulary/pointer.js';

/** Why a value has no canonical form. */
export type CanonicalFailureCode =
  | 'canonical.non_finite_number'
  | 'canonical.lone_surrogate'
  | 'canonical.unsupported_value'
  | 'canonical.cycle'
  | 'canonical.too_deep';

/** The canonical text, or why there is none (with the redacted pointer of the offending value). */
export type CanonicalResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: CanonicalFailureCode; readonly pointer: string };

/** Deepest nesting canonicalised; deeper values are refused rather than walked. */
export const MAX_CANONICAL_DEPTH = 256;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A refusal raised inside the walk and turned into a result at the top; never leaves this module. */
class Refusal extends Error {
  constructor(
    readonly code: CanonicalFailureCode,
    readonly path: readonly PointerSegment[],
  ) {
    super(code);
  }
}

/**
 * The RFC 8785 canonical form of a JSON value. Numbers are written by ECMAScript's Number-to-String
 * algorithm (RFC 8785 section 3.2.2.3, with -0 as `0`); strings by ECMAScript's JSON string quoting
 * (section 3.2.2.2: only `"`, `\` and controls escaped, controls below U+0020 as `\b \t \n \f \r` or
 * lower-case `\u00xx`); object members sorted by the UTF-16 code units of their names (section 3.2.3);
 * no whitespace. Refused, never thrown: NaN and ±Infinity, lone surrogates in names or strings (I-JSON),
 * and anything outside the JSON data model (undefined, functions, symbols, bigints, class instances,
 * accessor properties, cycles, nesting deeper than {@link MAX_CANONICAL_DEPTH}).
 */
export function canonicalize(value: unknown): CanonicalResult {
  try {
    return { ok: true, text: write(value, [], new Set()) };
  } catch (error: unknown) {
    if (error instanceof Refusal) return { ok: false, code: error.code, pointer: redactPointer(error.path) };
    // Stack exhaustion or a hostile proxy: still a refusal, never a throw.
    return { ok: false, code: 'canonical.unsupported_value', pointer: '' };
  }
}

function write(value: unknown, path: PointerSegment[], open: Set<object>): string {
  switch (typeof value) {
    case 'string':
      return quote(value, path);
    case 'number':
      if (!Number.isFinite(value)) throw new Refusal('canonical.non_finite_number', path);
      // Number-to-String is exactly the serialization RFC 8785 specifies; String(-0) is already "0".
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return writeContainer(value, path, open);
    default:
      throw new Refusal('canonical.unsupported_value', path);
  }
}

function writeContainer(value: object, path: PointerSegment[], open: Set<object>): string {
  if (path.length >= MAX_CANONICAL_DEPTH) throw new Refusal('canonical.too_deep', path);
  if (open.has(value)) throw new Refusal('canonical.cycle', path);
  open.add(value);
  let text: string;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let index = 0; index < value.length; index++) {
      items.push(write(dataProperty(value, String(index), [...path, index]), [...path, index], open));
    }
    text = `[${items.join(',')}]`;
  } else {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      throw new Refusal('canonical.unsupported_value', path);
    if (Object.getOwnPropertySymbols(value).length > 0)
      throw new Refusal('canonical.unsupported_value', path);
    // Default sort compares UTF-16 code units, which is the order RFC 8785 section 3.2.3 requires.
    const names = Object.keys(value).sort();
    const members = names.map((name) => {
      const inner = [...path, name];
      return `${quote(name, inner)}:${write(dataProperty(value, name, inner), inner, open)}`;
    });
    text = `{${members.join(',')}}`;
  }
  open.delete(value);
  return text;
}

/** An own data property's value; an accessor (or a hole in an array) has no JSON meaning. */
function dataProperty(container: object, name: string, path: readonly PointerSegment[]): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(container, name);
  if (descriptor === undefined || !('value' in descriptor))
    throw new Refusal('canonical.unsupported_value', path);
  return descriptor.value;
}

function quote(text: string, path: readonly PointerSegment[]): string {
  if (LONE_SURROGATE.test(text)) throw new Refusal('canonical.lone_surrogate', path);
  // JSON.stringify of a well-formed string is ECMAScript's QuoteJSONString, the form RFC 8785 requires.
  return JSON.stringify(text);
}
