// Stage 2, parse: strict RFC 8259 JSON with duplicate names, depth, size and number limits.
import { parseJson } from '../../json/parse.js';
import type { JsonValue } from '../../json/types.js';
import { next, stop, type Stage } from '../stage.js';
import type { Decoded } from './read.js';

/** The complete parsed value, not yet checked against the contract. */
export interface Parsed {
  readonly stage: 'parse';
  readonly value: JsonValue;
  readonly decodedBytes: number;
}

/** Parses the decoded text under the contract's parse limits; a failure's pointer shows only declared names. */
export const parseStage: Stage<Decoded, Parsed> = (decoded, frame) => {
  const result = parseJson(decoded.text, frame.tool.limits.parse, frame.tool.contract.names);
  if (!result.ok) return stop({ stage: 'parse', ...result.error });
  return next({ stage: 'parse', value: result.value, decodedBytes: decoded.decodedBytes });
};
