// Stage 6, project: the small agent-facing object, built fresh from the sanitized value.
import { IDENTITY_PROJECTION } from '../../project/projection.js';
import { established, type Stage } from '../call.js';

/** Applies the contract's projection, or passes the whole sanitized value on when it has none. */
export const projectStage: Stage = (call) => {
  const sanitized = established(call.sanitized, 'sanitized value');
  call.projected = (call.tool.project ?? IDENTITY_PROJECTION)(sanitized.value, sanitized.purposes);
  return { ok: true };
};
