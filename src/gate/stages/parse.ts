// Stage 2, parse: strict RFC 8259 JSON with duplicate names, depth, size and number limits.
import { parseJson } from '../../json/parse.js';
import { established, stop, type Stage } from '../call.js';

/** Parses the decoded text under the contract's parse limits. */
export const parseStage: Stage = (call) => {
  const result = parseJson(established(call.read, 'read').text, call.tool.limits.parse);
  if (!result.ok) return stop({ stage: 'parse', ...result.error });
  call.parsed = result.value;
  return { ok: true };
};
