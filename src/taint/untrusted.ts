// The Untrusted<T> taint wrapper: a frozen, run-time checkable brand that every derived value inherits.
import { mergeSources, checkSource } from './source.js';

/**
 * The brand every untrusted wrapper carries. `Symbol.for` (not a private `Symbol()`) so that two copies of this
 * module in one process (a bundler's dual package) still recognise each other's values: forging the brand can
 * only mark a value untrusted, never launder one, so a global key costs nothing and removes a false negative.
 */
const UNTRUSTED_BRAND: unique symbol = Symbol.for('airlock.untrusted');

/**
 * A value that came from outside the trust boundary (a tool, a document, a web page), with the source it came
 * from. It is an object, never a string, so TypeScript refuses it wherever trusted text is expected (a system or
 * instruction slot), and {@link isUntrusted} recognises it at run time. Reading `value` directly leaves the taint
 * system on purpose: sinks do that; application code derives new values with {@link derive} and friends instead.
 */
export interface Untrusted<T> {
  /** The wrapped value. Not copied or frozen: treat it as read-only. */
  readonly value: T;
  /** Where it came from: a short identifier such as `ticket-service` or `ticket-service+web-search`. */
  readonly source: string;
  /** The brand. Enumerable, so spreading or `Object.assign` keeps the taint on the copy. */
  readonly [UNTRUSTED_BRAND]: true;
}

/** The value type inside an untrusted wrapper (`T` itself when it is not one). */
export type UntrustedValue<T> = T extends Untrusted<infer V> ? V : T;

function refuseConversion(): never {
  throw new TypeError(
    'An untrusted value cannot be converted to text; render it through a sink such as wrapUntrusted.',
  );
}

/**
 * Wraps a value as untrusted. `source` is configuration (it is written into prompt boundaries as is), so a source
 * that is not a short identifier throws a TypeError. Converting the wrapper to a string (template literals, `+`)
 * throws too: that would smuggle the value into trusted text without a boundary.
 */
export function untrusted<T>(value: T, source: string): Untrusted<T> {
  checkSource(source);
  return brand(value, source);
}

function brand<T>(value: T, source: string): Untrusted<T> {
  const wrapper = { value, source, [UNTRUSTED_BRAND]: true as const };
  Object.defineProperties(wrapper, {
    toString: { value: refuseConversion },
    [Symbol.toPrimitive]: { value: refuseConversion },
  });
  return Object.freeze(wrapper);
}

/** True when `x` is an untrusted wrapper (its own brand property is set). Never throws for ordinary values. */
export function isUntrusted(x: unknown): x is Untrusted<unknown> {
  if (typeof x !== 'object' || x === null) return false;
  return Object.getOwnPropertyDescriptor(x, UNTRUSTED_BRAND)?.value === true;
}

/**
 * A new untrusted value computed from an untrusted one: a summary, a truncation, a translation. The result keeps
 * the source. When `fn` itself returns an untrusted value, the two are merged rather than nested.
 */
export function derive<T, R>(input: Untrusted<T>, fn: (value: T) => R): Untrusted<UntrustedValue<R>> {
  return settle(fn(input.value), [input.source]);
}

/** {@link derive} for an asynchronous step, such as a summarising model call. The result is still untrusted. */
export async function deriveAsync<T, R>(
  input: Untrusted<T>,
  fn: (value: T) => Promise<R> | R,
): Promise<Untrusted<UntrustedValue<R>>> {
  return settle(await fn(input.value), [input.source]);
}

/**
 * One untrusted value computed from several (trusted parts may join in): a concatenation, a merged record. The
 * source lists every distinct untrusted source, joined by `+`.
 */
export function combine<R>(
  inputs: readonly (Untrusted<unknown> | string)[],
  fn: (values: readonly unknown[]) => R,
): Untrusted<UntrustedValue<R>> {
  const sources = inputs.filter(isUntrusted).map((input) => input.source);
  if (sources.length === 0) throw new TypeError('combine needs at least one untrusted input.');
  return settle(fn(inputs.map((input) => (isUntrusted(input) ? input.value : input))), sources);
}

/** Concatenates text parts, any of them untrusted, into one untrusted string. */
export function concatUntrusted(
  parts: readonly (Untrusted<string> | string)[],
  separator = '',
): Untrusted<string> {
  return combine<string>(parts, (values) => values.join(separator));
}

function settle<R>(result: R, sources: readonly string[]): Untrusted<UntrustedValue<R>> {
  if (isUntrusted(result)) {
    return brand(result.value, mergeSources([...sources, result.source])) as Untrusted<UntrustedValue<R>>;
  }
  return brand(result, mergeSources(sources)) as Untrusted<UntrustedValue<R>>;
}
