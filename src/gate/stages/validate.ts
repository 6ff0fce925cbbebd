// Stage 3, validate: the complete parsed value against the closed contract, before anything is cut or picked.
import { parsePointer, redactPointer } from '../../pointer/pointer.js';
import { established, stop, type Stage } from '../call.js';

/**
 * Validates the whole parsed value (seed 001 step 4: before any truncation or projection). ajv stops at the
 * first error; its location is reported with a redacted pointer and the schema path, never the value or an
 * unexpected member's name.
 */
export const validateStage: Stage = (call) => {
  const { validate } = call.tool.contract;
  if (validate(established(call.parsed, 'parsed value'))) return { ok: true };
  const error = validate.errors?.[0];
  return stop({
    stage: 'validate',
    code: `validate.${error?.keyword ?? 'unknown'}`,
    pointer: redactPointer(parsePointer(error?.instancePath ?? '')),
    ...(error === undefined ? {} : { schemaPath: error.schemaPath }),
  });
};
