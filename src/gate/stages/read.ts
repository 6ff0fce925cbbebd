// Stage 1, read: the raw result under the receive ceiling, time limit, content type and strict UTF-8.
import type { ClassifiedInput } from '../../read/input.js';
import { readHeldInput } from '../../read/read-body.js';
import { next, type Stage } from '../stage.js';

/** The body, strictly decoded. */
export interface Decoded {
  readonly stage: 'read';
  readonly text: string;
  readonly decodedBytes: number;
}

/**
 * Reads the body the gate took charge of when `accept` received it; reports the raw bytes (for evidence)
 * whether or not the read succeeds.
 */
export const readStage: Stage<ClassifiedInput, Decoded> = async (input, frame) => {
  const result = await readHeldInput(input, frame.tool.limits.read, frame.signal);
  const received = { raw: result.raw, rawBytes: result.rawBytes };
  if (!result.ok) {
    const { code, retryable, ...where } = result.error;
    return { ok: false, issue: { stage: 'read', code, ...where }, retryable, report: { received } };
  }
  const { text, decodedBytes } = result;
  return next({ stage: 'read', text, decodedBytes }, { received, decodedBytes });
};
