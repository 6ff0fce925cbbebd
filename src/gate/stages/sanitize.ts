// Stage 5, sanitize: each string through the purpose its contract gave it, into a fresh copy.
import type { PurposeIndex } from '../../walk/purpose-index.js';
import { sanitizeValue } from '../../walk/sanitize-value.js';
import { next, stop, type Stage } from '../stage.js';
import type { Bound } from './bind.js';

/** A fresh copy in which every string went through its purpose, and the purpose of each. */
export interface Sanitized {
  readonly stage: 'sanitize';
  readonly value: unknown;
  readonly purposes: PurposeIndex;
}

/**
 * Sanitizes the bound value per field purpose; findings are reported whether it goes on or stops. A long walk
 * pauses between macrotasks so the event loop keeps turning, and stops when the caller aborts.
 */
export const sanitizeStage: Stage<Bound, Sanitized> = async (bound, frame) => {
  const { tool } = frame;
  const result = await sanitizeValue(
    bound.value,
    tool.contract.shape,
    bound.decodedBytes,
    tool.limits.output,
    tool.contract.names,
    { signal: frame.signal },
  );
  if (!result.ok) return stop(result.issue, { findings: result.findings });
  const report = { findings: result.findings, hidden: result.hidden };
  return next({ stage: 'sanitize', value: result.value, purposes: result.purposes }, report);
};
