// Stage 1, read: the raw result under the receive ceiling, time limit, content type and strict UTF-8.
import { readBody } from '../../read/read-body.js';
import type { Stage } from '../call.js';

/** Reads the body; records the raw bytes (for evidence) whether or not the read succeeds. */
export const readStage: Stage = async (call) => {
  const result = await readBody(call.input, call.tool.limits.read, call.signal);
  call.received = { raw: result.raw, rawBytes: result.rawBytes };
  if (!result.ok) {
    const { code, retryable, ...where } = result.error;
    return { ok: false, issue: { stage: 'read', code, ...where }, retryable };
  }
  call.read = { text: result.text, decodedBytes: result.decodedBytes };
  return { ok: true };
};
