// Stage 6, project: the small agent-facing object, built fresh from the sanitized value.
import { ProjectedPurposes } from '../../compile/compiled-tool.js';
import { IDENTITY_PROJECTION } from '../../project/projection.js';
import type { PurposeSource } from '../../project/purpose-record.js';
import { untrustedPlacer } from '../../taint/outcome-data.js';
import { next, stop, type Stage } from '../stage.js';
import type { Sanitized } from './sanitize.js';

/** What the agent receives (its prose already untrusted), and the purpose of each string by exact JSON pointer. */
export interface Projected {
  readonly stage: 'project';
  readonly data: unknown;
  readonly purposes: PurposeSource;
}

/**
 * Applies the contract's projection, or passes the whole sanitized value on when it has none; each `text`
 * or `html` string is placed as an `Untrusted<string>` of the tool as it is copied. A compiled contract's
 * projection is generated code that knows each string's purpose from the schema, and its purposes by
 * pointer are found when first read. Long lists and copies of an interpreted one let the event loop turn; a
 * caller's abort seen then ends the call.
 */
export const projectStage: Stage<Sanitized, Projected> = async (sanitized, frame) => {
  const place = untrustedPlacer(frame.tool.name);
  if (sanitized.pass !== undefined) {
    const data = sanitized.pass.project(sanitized.value, place, undefined, '');
    return next({ stage: 'project', data, purposes: new ProjectedPurposes(sanitized.pass, sanitized.value) });
  }
  const projection = frame.tool.project ?? IDENTITY_PROJECTION;
  const projected = await projection.paced(sanitized.value, sanitized.purposes, frame.signal, place);
  if (projected === undefined) return stop({ stage: 'project', code: 'internal.aborted' });
  return next({ stage: 'project', data: projected.value, purposes: projected.purposes });
};
