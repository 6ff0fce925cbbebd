// Tells the kinds of raw input apart and pulls out the body and the transport facts, without throwing.
import { Readable } from 'node:stream';

/** A body on its own: bytes, text, a Node stream or a web stream. */
export type RawBody = Uint8Array | string | Readable | ReadableStream<Uint8Array>;

/**
 * A body with the transport facts an adapter knows about it (for example an MCP result's `isError`, or the
 * status and headers of an HTTP client that is not `fetch`). `body` holds the bytes as received: a
 * `contentEncoding` other than identity is undone by the read stage.
 */
export interface TransportEnvelope {
  readonly body: RawBody;
  /** The upstream status code (100–599); a value outside 200–299 is a failure. */
  readonly status?: number;
  /** The Content-Type field value, parameters included. */
  readonly contentType?: string;
  /** The Content-Encoding field value. */
  readonly contentEncoding?: string;
  /** The tool reported that it failed. */
  readonly toolError?: boolean;
  /** The transport gave up waiting for the reply (its own deadline); `body` holds whatever had arrived. */
  readonly timedOut?: boolean;
}

/** Everything the read stage accepts. */
export type RawInput = RawBody | Response | TransportEnvelope;

/** The body in a form the reader can pull from. */
export type BodySource =
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'node'; readonly stream: Readable }
  | { readonly kind: 'web'; readonly stream: ReadableStream<unknown> };

/** What the transport said about the body. */
export interface TransportFacts {
  readonly status?: number;
  readonly contentType?: string;
  readonly contentEncoding?: string;
  readonly toolError: boolean;
  /** The transport's own deadline passed before the reply was complete. */
  readonly timedOut?: boolean;
  /**
   * True for a `Response` that came from `fetch`: the fetch implementation has already undone the content
   * coding (keeping the header), so the bytes are decoded and must not be decompressed again.
   */
  readonly decodedByTransport: boolean;
}

/** A recognised input, or `ok: false` for anything the reader does not accept. */
export type ClassifiedInput =
  { readonly ok: true; readonly body: BodySource; readonly facts: TransportFacts } | { readonly ok: false };

const UNSUPPORTED: ClassifiedInput = Object.freeze({ ok: false });
const NO_FACTS: TransportFacts = Object.freeze({ toolError: false, decodedByTransport: false });
const EMPTY_BODY: BodySource = Object.freeze({ kind: 'bytes', bytes: new Uint8Array(0) });

/**
 * Classifies an input. A used or locked body, a malformed envelope, or any other value is `ok: false`;
 * getters that throw are caught, so this never throws.
 */
export function classifyInput(input: unknown): ClassifiedInput {
  try {
    const body = bodySource(input);
    if (body !== undefined) return { ok: true, body, facts: NO_FACTS };
    if (isResponse(input)) return fromResponse(input);
    if (typeof input === 'object' && input !== null && Object.hasOwn(input, 'body'))
      return fromEnvelope(input);
    return UNSUPPORTED;
  } catch {
    return UNSUPPORTED;
  }
}

/** The body source for a bare body, or `undefined` when the value is not one (or is an unusable one). */
function bodySource(value: unknown): BodySource | undefined {
  if (value instanceof Uint8Array) return { kind: 'bytes', bytes: value };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (value instanceof Readable) return { kind: 'node', stream: value };
  if (value instanceof ReadableStream) return value.locked ? undefined : { kind: 'web', stream: value };
  return undefined;
}

/** A fetch `Response` from any copy of undici (the global one or the package), recognised by its brand. */
function isResponse(value: unknown): value is Response {
  return Object.prototype.toString.call(value) === '[object Response]';
}

function fromResponse(response: Response): ClassifiedInput {
  if (response.bodyUsed) return UNSUPPORTED;
  const stream = response.body;
  const body: BodySource | undefined = stream === null ? EMPTY_BODY : bodySource(stream);
  if (body === undefined) return UNSUPPORTED;
  const contentType = response.headers.get('content-type');
  const contentEncoding = response.headers.get('content-encoding');
  // A Response built with `new Response(...)` has type "default" and no URL; one that `fetch` returned has
  // a URL (or another type). Only the latter has had its content coding undone by the fetch implementation.
  const fetched = response.type !== 'default' || response.url !== '';
  return {
    ok: true,
    body,
    facts: {
      status: response.status,
      ...(contentType === null ? {} : { contentType }),
      ...(contentEncoding === null ? {} : { contentEncoding }),
      toolError: false,
      decodedByTransport: fetched,
    },
  };
}

function fromEnvelope(envelope: object): ClassifiedInput {
  const { body, status, contentType, contentEncoding, toolError, timedOut } = envelope as Record<
    string,
    unknown
  >;
  const source = bodySource(body);
  if (source === undefined) return UNSUPPORTED;
  if (
    status !== undefined &&
    !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599)
  )
    return UNSUPPORTED;
  if (contentType !== undefined && typeof contentType !== 'string') return UNSUPPORTED;
  if (contentEncoding !== undefined && typeof contentEncoding !== 'string') return UNSUPPORTED;
  if (toolError !== undefined && typeof toolError !== 'boolean') return UNSUPPORTED;
  if (timedOut !== undefined && typeof timedOut !== 'boolean') return UNSUPPORTED;
  return {
    ok: true,
    body: source,
    facts: {
      ...(status === undefined ? {} : { status: status as number }),
      ...(contentType === undefined ? {} : { contentType }),
      ...(contentEncoding === undefined ? {} : { contentEncoding }),
      toolError: toolError === true,
      ...(timedOut === true ? { timedOut: true } : {}),
      decodedByTransport: false,
    },
  };
}
