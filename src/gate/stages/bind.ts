// Stage 4, bind: semantic checks against the trusted request, then the tool's own failure variant.
import type { JsonValue } from '../../json/types.js';
import { resolvePath } from '../../vocabulary/pointer.js';
import { purposeAt } from '../../walk/shape.js';
import { next, stop, type Stage, type StageResult } from '../stage.js';
import type { Validated, WalkedPass } from './validate.js';

/** A valid value that holds for this request and is a success, not the tool's declared failure. */
export interface Bound {
  readonly stage: 'bind';
  readonly value: JsonValue;
  readonly decodedBytes: number;
  /** The compiled pass's walk of the value, released to the sanitize stage now that binding has passed. */
  readonly walked: WalkedPass | undefined;
}

/**
 * Runs the contract's binding rules (request id, tenant, limit, cursor, freshness …). A value that holds for
 * this request and is the tool's declared failure shape then ends as `upstream_error` with the envelope's
 * retry flag, and its code when the contract makes that code a finite enum.
 */
export const bindStage: Stage<Validated, Bound> = (validated, frame): StageResult<Bound> => {
  const { tool } = frame;
  const value = validated.value;
  const bound = tool.bind(value, frame.context, frame.clock);
  if (!bound.ok) return stop(bound.issue);
  const failure = tool.failure?.match(value);
  if (failure === undefined)
    return next({ stage: 'bind', value, decodedBytes: validated.decodedBytes, walked: validated.walked });
  const issue = { stage: 'bind', code: 'bind.tool_failure' } as const;
  const codePath = failure.codePath;
  const code = codePath === undefined ? undefined : resolvePath(value, codePath);
  const isEnum = codePath !== undefined && purposeAt(tool.contract.shape, value, codePath) === 'enum';
  return typeof code === 'string' && isEnum
    ? { ok: false, issue, retryable: failure.retryable, upstreamCode: code }
    : { ok: false, issue, retryable: failure.retryable };
};
