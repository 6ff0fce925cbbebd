// What the gate is given for each raw reply: the result's exact bytes, or an input that ends as the right failure.
import { failedTransportInput, pendingInput } from '../calls/transport-failure.js';
import type { RawInput } from '../read/input.js';
import type { WireReply } from './wire/types.js';

/** The gate's input for one reply, and a signal to read it under when the reply is a timeout. */
export interface GateInput {
  readonly raw: RawInput;
  readonly signal?: AbortSignal;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Maps a raw reply to the gate's input, so every call ends as one audited outcome whose evidence and digest
 * are the bytes the server sent (JSON by the protocol, so no content type is stated):
 * - a result: its bytes; `isError: true` makes it a tool failure (`read.tool_error` → `upstream_error`, not
 *   retryable) whatever the body claims, its bytes still kept as evidence;
 * - a JSON-RPC error: its `error` member's bytes, as a tool failure;
 * - a reply over the ceiling: the head of its result, one byte past the ceiling, which the read stage
 *   refuses as `read.too_large` (`result_too_large`) keeping its first bytes as evidence;
 * - no reply in time: an empty body the transport says timed out (`read.timeout` → `timeout`, retryable);
 * - the caller gave up: a body that never ends, read under an aborted signal (`read.aborted` → `timeout`);
 * - the request could not be sent or the connection ended: a failed stream (`read.stream_error` →
 *   `upstream_error`, retryable).
 */
export function gateInput(reply: WireReply): GateInput {
  switch (reply.kind) {
    case 'result':
      return { raw: { body: exactText(reply.bytes), toolError: reply.isError } };
    case 'error':
      return { raw: { body: exactText(reply.bytes), toolError: true } };
    case 'too_large':
      return { raw: reply.head };
    case 'timeout':
      return { raw: { body: new Uint8Array(0), timedOut: true } };
    case 'aborted':
      return { raw: pendingInput(), signal: AbortSignal.abort() };
    case 'failed':
      return { raw: failedTransportInput() };
  }
}

/**
 * The bytes as text when they are well-formed UTF-8, else the bytes themselves. The read stage takes a string
 * as the UTF-8 bytes it encodes to, and well-formed UTF-8 decodes and encodes back to exactly the same bytes
 * (a byte order mark included), so evidence and digest stay those of the wire while the in-memory read path
 * is used; malformed bytes go to the byte path, which reports where they break.
 */
function exactText(bytes: Uint8Array): string | Uint8Array {
  try {
    return strict.decode(bytes);
  } catch {
    return bytes;
  }
}
