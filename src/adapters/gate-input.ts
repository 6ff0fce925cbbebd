// Turns what a tool's function returned into the gate's input: bodies and envelopes as they are, values as JSON.
import { Readable } from 'node:stream';
import type { RawInput, TransportEnvelope } from '../read/input.js';

/** The members a transport envelope may have; an object with any other member is data, not an envelope. */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set([
  'body',
  'status',
  'contentType',
  'contentEncoding',
  'toolError',
  'timedOut',
]);

/** What the gate reads when a tool returned nothing it could read: a tool failure, not retryable. */
const NOT_A_RESULT: TransportEnvelope = Object.freeze({ body: '', toolError: true });

/**
 * The gate's input for a tool's return value. Bytes (`Uint8Array`, `ArrayBuffer`), a string (taken as the body
 * text), a Node or web stream, a fetch `Response`, and a transport envelope (an object whose members are all
 * envelope members, with a body) pass through, so the gate reads the bytes as they came. Any other value is
 * written with `JSON.stringify`: a value a tool already parsed has lost the evidence of duplicate names, so a
 * tool should return the raw body. A value with no JSON form (`undefined`, a function, a cycle) is read as a tool
 * failure. Never throws.
 */
export function toGateInput(value: unknown): RawInput {
  try {
    if (isBody(value) || isResponse(value) || isEnvelope(value)) return value;
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    // `undefined` and functions have no JSON form: `JSON.stringify` returns undefined for them.
    const json = JSON.stringify(value) as string | undefined;
    return json ?? NOT_A_RESULT;
  } catch {
    // A cycle, a BigInt, a throwing getter or proxy trap.
    return NOT_A_RESULT;
  }
}

function isBody(value: unknown): value is Uint8Array | string | Readable | ReadableStream<Uint8Array> {
  return (
    typeof value === 'string' ||
    value instanceof Uint8Array ||
    value instanceof Readable ||
    value instanceof ReadableStream
  );
}

/** A fetch `Response` from any copy of undici, recognised by its brand as the read stage does. */
function isResponse(value: unknown): value is Response {
  return Object.prototype.toString.call(value) === '[object Response]';
}

function isEnvelope(value: unknown): value is TransportEnvelope {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, 'body')) return false;
  if (!Object.keys(value).every((key) => ENVELOPE_KEYS.has(key))) return false;
  return isBody((value as { readonly body: unknown }).body);
}
