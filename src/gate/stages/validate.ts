// Stage 3, validate: the complete parsed value against the closed contract, before anything is cut or picked.
import type { JsonValue } from '../../json/types.js';
import { redactPointer, typedPath } from '../../vocabulary/pointer.js';
import { next, stop, type Stage } from '../stage.js';
import type { Parsed } from './parse.js';

/** The complete value, valid under the contract. */
export interface Validated {
  readonly stage: 'validate';
  readonly value: JsonValue;
  readonly decodedBytes: number;
}

/**
 * Validates the whole parsed value (before any truncation or projection). ajv stops at the
 * first error; its location is reported with a redacted pointer (only the contract's own member names kept)
 * and the schema path, never the value or an unexpected member's name.
 */
export const validateStage: Stage<Parsed, Validated> = (parsed, frame) => {
  const verdict = frame.tool.contract.check(parsed.value);
  if (verdict.ok) return next({ stage: 'validate', value: parsed.value, decodedBytes: parsed.decodedBytes });
  const { keyword, instancePath, schemaPath } = verdict.violation;
  return stop({
    stage: 'validate',
    code: `validate.${keyword}`,
    pointer: redactPointer(typedPath(parsed.value, instancePath), frame.tool.contract.names),
    schemaPath,
  });
};
