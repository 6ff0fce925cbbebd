// Stage 2, parse: strict RFC 8259 JSON with duplicate names, depth, size and number limits.
import { buildJson, checkJson } from '../../json/parse.js';
import { pauseIfSpent } from '../../walk/pacing.js';
import type { JsonValue } from '../../json/types.js';
import { next, stop, type Stage } from '../stage.js';
import type { Decoded } from './read.js';

/** The complete parsed value, not yet checked against the contract. */
export interface Parsed {
  readonly stage: 'parse';
  readonly value: JsonValue;
  readonly decodedBytes: number;
}

/**
 * Parses the decoded text under the contract's parse limits; a failure's pointer shows only declared names.
 * Between the strict scan and building the value, the event loop may turn (a caller's abort then ends it).
 */
export const parseStage: Stage<Decoded, Parsed> = async (decoded, frame) => {
  const error = checkJson(decoded.text, frame.tool.limits.parse, frame.tool.contract.names);
  if (error !== undefined) return stop({ stage: 'parse', ...error });
  const pausing = pauseIfSpent(frame.signal);
  if (pausing !== undefined && !(await pausing)) return stop({ stage: 'parse', code: 'internal.aborted' });
  const result = buildJson(decoded.text);
  if (!result.ok) return stop({ stage: 'parse', ...result.error });
  return next({ stage: 'parse', value: result.value, decodedBytes: decoded.decodedBytes });
};
