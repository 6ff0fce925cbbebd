// Stage 1, read: the raw result under the receive ceiling, time limit, content type and strict UTF-8.
import type { RawInput } from '../../read/input.js';
import { readBody } from '../../read/read-body.js';
import { next, type Stage } from '../stage.js';

/** The body, strictly decoded. */
export interface Decoded {
  readonly stage: 'read';
  readonly text: string;
  readonly decodedBytes: number;
}

/** Reads the body; reports the raw bytes (for evidence) whether or not the read succeeds. */
export const readStage: Stage<RawInput, Decoded> = async (input, frame) => {
  const result = await readBody(input, frame.tool.limits.read, frame.signal);
  const received = { raw: result.raw, rawBytes: result.rawBytes };
  if (!result.ok) {
    const { code, retryable, ...where } = result.error;
    return { ok: false, issue: { stage: 'read', code, ...where }, retryable, report: { received } };
  }
  const { text, decodedBytes } = result;
  return next({ stage: 'read', text, decodedBytes }, { received, decodedBytes });
};
