// Stage 4, bind: semantic checks against the trusted request, then the tool's own failure variant.
import { resolvePath } from '../../pointer/pointer.js';
import { purposeAt } from '../../schema/shape.js';
import { established, stop, type Stage } from '../call.js';

/**
 * Runs the contract's binding rules (request id, tenant, limit, cursor, freshness …). A value that holds for
 * this request and is the tool's declared failure shape then ends as `upstream_error` with the envelope's
 * retry flag, and its code when the contract makes that code a finite enum.
 */
export const bindStage: Stage = (call) => {
  const value = established(call.parsed, 'parsed value');
  const bound = call.tool.bind(value, call.context, call.clock);
  if (!bound.ok) return stop(bound.issue);
  const failure = call.tool.failure?.match(value);
  if (failure === undefined) return { ok: true };
  const issue = { stage: 'bind', code: 'bind.tool_failure' } as const;
  const codePath = failure.codePath;
  const code = codePath === undefined ? undefined : resolvePath(value, codePath);
  const isEnum = codePath !== undefined && purposeAt(call.tool.contract.shape, value, codePath) === 'enum';
  return typeof code === 'string' && isEnum
    ? { ok: false, issue, retryable: failure.retryable, upstreamCode: code }
    : { ok: false, issue, retryable: failure.retryable };
};
