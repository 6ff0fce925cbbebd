// Takes charge of a caller's input the moment it is handed over, so a stream that fails before its read is caught.
import type { Readable } from 'node:stream';
import { classifyInput, type BodySource, type ClassifiedInput } from './input.js';

/**
 * An input the reader has taken charge of: classified once, and — for a Node stream — with an `error` listener
 * attached until {@link HeldInput.release}. A Node `Readable` that emits `error` with no listener takes the
 * whole process down; between the moment a caller hands one over and the moment the read pulls from it the
 * gate may let the event loop turn, and an upstream reset can land exactly there.
 */
export interface HeldInput {
  /** The input as the read stage will read it. */
  readonly input: ClassifiedInput;
  /** Removes the listener; call once the read has ended. Idempotent. */
  release(): void;
}

/** Does nothing: the release of an input that holds no listener, and the listener of a stream let go. */
const ignore = (): void => undefined;

/**
 * Classifies `input` and, when its body is a Node stream, listens for its `error` from now on. An error
 * caught here destroys the stream with it (a no-op when it is already destroyed), so the read that comes
 * later sees a failed stream (`read.stream_error`) instead of waiting for data that will not come. Web
 * streams and `Response` bodies need no listener: an errored web stream only rejects the read that pulls it.
 * Never throws.
 */
export function holdInput(input: unknown): HeldInput {
  const classified = classifyInput(input);
  if (!classified.ok || classified.body.kind !== 'node') return { input: classified, release: ignore };
  const stream: Readable = classified.body.stream;
  const onError = (error: unknown): void => {
    stream.destroy(error instanceof Error ? error : new Error('The stream failed.'));
  };
  try {
    stream.on('error', onError);
  } catch {
    return { input: { ok: false }, release: ignore }; // a stream that cannot be listened to cannot be read
  }
  return {
    input: classified,
    release() {
      stream.off('error', onError);
    },
  };
}

/**
 * Lets go of an input nobody will read (a tool's result that came after its deadline): a Node stream is
 * destroyed with a listener left to catch any error it still emits, a web stream or `Response` body is
 * cancelled. Anything else is left as it is. Never throws.
 */
export function discardInput(input: unknown): void {
  const classified = classifyInput(input);
  if (classified.ok) releaseBody(classified.body);
}

function releaseBody(body: BodySource): void {
  try {
    if (body.kind === 'node') {
      body.stream.on('error', ignore);
      body.stream.destroy();
    } else if (body.kind === 'web') {
      body.stream.cancel().catch(ignore);
    }
  } catch {
    // A stream that cannot even be stopped is left to its owner.
  }
}
