// Stage 6, project: the small agent-facing object, built fresh from the sanitized value.
import { IDENTITY_PROJECTION, type PurposeMap } from '../../project/projection.js';
import { next, type Stage } from '../stage.js';
import type { Sanitized } from './sanitize.js';

/** What the agent receives, and the purpose of each string in it by exact JSON pointer. */
export interface Projected {
  readonly stage: 'project';
  readonly data: unknown;
  readonly purposes: PurposeMap;
}

/** Applies the contract's projection, or passes the whole sanitized value on when it has none. */
export const projectStage: Stage<Sanitized, Projected> = (sanitized, frame) => {
  const projected = (frame.tool.project ?? IDENTITY_PROJECTION)(sanitized.value, sanitized.purposes);
  return next({ stage: 'project', data: projected.value, purposes: projected.purposes });
};
