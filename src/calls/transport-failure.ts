// Raw inputs that stand for a call that produced no body, so the gate still ends it as one audited outcome.
import type { RawInput } from '../read/input.js';

/**
 * A body whose stream fails at once: the gate reads it as `read.stream_error`, reported to the agent as a
 * retryable `upstream_error`. For a transport that failed (connection lost, request timed out upstream, an
 * executor that threw) without any reply to judge.
 */
export function failedTransportInput(): RawInput {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.error(new Error('transport failed'));
    },
  });
}

/**
 * A body that never ends, for a call whose time budget ran out before any reply: read under an already
 * aborted signal, the gate ends it as `timeout`.
 */
export function pendingInput(): RawInput {
  return new ReadableStream<Uint8Array>();
}
