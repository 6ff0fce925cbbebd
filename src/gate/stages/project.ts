// Stage 6, project: the small agent-facing object, built fresh from the sanitized value.
import { IDENTITY_PROJECTION, type PurposeMap } from '../../project/projection.js';
import { next, stop, type Stage } from '../stage.js';
import type { Sanitized } from './sanitize.js';

/** What the agent receives, and the purpose of each string in it by exact JSON pointer. */
export interface Projected {
  readonly stage: 'project';
  readonly data: unknown;
  readonly purposes: PurposeMap;
}

/**
 * Applies the contract's projection, or passes the whole sanitized value on when it has none. Long lists
 * and copies let the event loop turn; a caller's abort seen then ends the call.
 */
export const projectStage: Stage<Sanitized, Projected> = async (sanitized, frame) => {
  const projection = frame.tool.project ?? IDENTITY_PROJECTION;
  const projected = await projection.paced(sanitized.value, sanitized.purposes, frame.signal);
  if (projected === undefined) return stop({ stage: 'project', code: 'internal.aborted' });
  return next({ stage: 'project', data: projected.value, purposes: projected.purposes });
};
