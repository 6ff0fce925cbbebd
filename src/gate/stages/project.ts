// Stage 6, project: the small agent-facing object, built fresh from the sanitized value.
import { IDENTITY_PROJECTION } from '../../project/projection.js';
import type { PurposeRecord } from '../../project/purpose-record.js';
import { untrustedPlacer } from '../../taint/outcome-data.js';
import { next, stop, type Stage } from '../stage.js';
import type { Sanitized } from './sanitize.js';

/** What the agent receives (its prose already untrusted), and the purpose of each string by exact JSON pointer. */
export interface Projected {
  readonly stage: 'project';
  readonly data: unknown;
  readonly purposes: PurposeRecord;
}

/**
 * Applies the contract's projection, or passes the whole sanitized value on when it has none; each `text`
 * or `html` string is placed as an `Untrusted<string>` of the tool as it is copied. Long lists
 * and copies let the event loop turn; a caller's abort seen then ends the call.
 */
export const projectStage: Stage<Sanitized, Projected> = async (sanitized, frame) => {
  const projection = frame.tool.project ?? IDENTITY_PROJECTION;
  const place = untrustedPlacer(frame.tool.name);
  const projected = await projection.paced(sanitized.value, sanitized.purposes, frame.signal, place);
  if (projected === undefined) return stop({ stage: 'project', code: 'internal.aborted' });
  return next({ stage: 'project', data: projected.value, purposes: projected.purposes });
};
