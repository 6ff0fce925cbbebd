// The Untrusted<T> taint wrapper: a frozen, run-time checkable brand that every derived value inherits.
import { mergeSources, checkSource } from './source.js';

/**
 * The brand every untrusted wrapper carries. `Symbol.for` (not a private `Symbol()`) so that two copies of this
 * module in one process (a bundler's dual package) still recognise each other's values: forging the brand can
 * only mark a value untrusted, never launder one, so a global key costs nothing and removes a false negative.
 */
const UNTRUSTED_BRAND: unique symbol = Symbol.for('airlock.untrusted');

/**
 * The key the wrapped value is held under. Not exported from the package: application code reads the value with
 * `revealUntrusted` (one named call, counted), sinks with {@link heldValue}. `Symbol.for` for the same reason as
 * the brand.
 */
const UNTRUSTED_VALUE: unique symbol = Symbol.for('airlock.untrusted.value');

/**
 * A value that came from outside the trust boundary (a tool, a document, a web page), with the source it came
 * from. It is an object, never a string, so TypeScript refuses it wherever trusted text is expected (a system or
 * instruction slot), and {@link isUntrusted} recognises it at run time. Sinks take it as it is; application code
 * derives new values with {@link derive} and friends, and reads the plain value out only with `revealUntrusted`
 * (it has no `value` member). `JSON.stringify` writes the wrapped value, so data holding
 * wrappers has the JSON it would have without them.
 */
export interface Untrusted<T> {
  /** The wrapped value, under a key the package does not export. Not copied or frozen: treat it as read-only. */
  readonly [UNTRUSTED_VALUE]: T;
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

/** The JSON of a wrapper is the JSON of the value it holds (`this` is the frozen wrapper). */
function heldJson(this: Untrusted<unknown>): unknown {
  return this[UNTRUSTED_VALUE];
}

/**
 * What every wrapper inherits: its JSON is its value's, and conversion to text throws. Shared and frozen, so a
 * wrapper costs one small object.
 */
const WRAPPER_PROTOTYPE: object = Object.freeze(
  Object.create(Object.prototype, {
    toJSON: { value: heldJson },
    toString: { value: refuseConversion },
    [Symbol.toPrimitive]: { value: refuseConversion },
  }) as object,
);

/**
 * Wraps a value as untrusted. `source` is configuration (it is written into prompt boundaries as is), so a source
 * that is not a short identifier throws a TypeError. Converting the wrapper to a string (template literals, `+`)
 * throws too: that would smuggle the value into trusted text without a boundary.
 */
export function untrusted<T>(value: T, source: string): Untrusted<T> {
  checkSource(source);
  return brand(value, source);
}

/** {@link untrusted} for many values of one source: the source is checked once, here. */
export function untrustedOf(source: string): <T>(value: T) => Untrusted<T> {
  checkSource(source);
  return (value) => brand(value, source);
}

function brand<T>(value: T, source: string): Untrusted<T> {
  // Value and brand are enumerable, so spreading or `Object.assign` keeps both on the copy.
  const wrapper = Object.create(WRAPPER_PROTOTYPE) as {
    -readonly [K in keyof Untrusted<T>]: Untrusted<T>[K];
  };
  wrapper.source = source;
  wrapper[UNTRUSTED_BRAND] = true;
  wrapper[UNTRUSTED_VALUE] = value;
  return Object.freeze(wrapper);
}

/**
 * The value a wrapper holds, for sinks and the package's own walks, which keep it inside a boundary. Not part of
 * the package's entries: application code calls `revealUntrusted`, which is counted.
 */
export function heldValue<T>(wrapper: Untrusted<T>): T {
  return wrapper[UNTRUSTED_VALUE];
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
  return settle(fn(heldValue(input)), [input.source]);
}

/** {@link derive} for an asynchronous step, such as a summarising model call. The result is still untrusted. */
export async function deriveAsync<T, R>(
  input: Untrusted<T>,
  fn: (value: T) => Promise<R> | R,
): Promise<Untrusted<UntrustedValue<R>>> {
  return settle(await fn(heldValue(input)), [input.source]);
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
  return settle(fn(inputs.map((input) => (isUntrusted(input) ? heldValue(input) : input))), sources);
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
    return brand(heldValue(result), mergeSources([...sources, result.source])) as Untrusted<
      UntrustedValue<R>
    >;
  }
  return brand(result, mergeSources(sources)) as Untrusted<UntrustedValue<R>>;
}
