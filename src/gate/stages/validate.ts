// Stage 3, validate: the complete parsed value against the closed contract, before anything is cut or picked.
import { compiledPassOf } from '../../compile/compiled-tool.js';
import { walkPass, type PassWalk } from '../../compile/run-pass.js';
import type { JsonValue } from '../../json/types.js';
import { redactPointer, typedPath } from '../../vocabulary/pointer.js';
import { next, stop, type CallFrame, type Stage, type StageResult } from '../stage.js';
import type { Parsed } from './parse.js';

/** The compiled pass's walk of a valid value: its strings already through their purposes, not yet released. */
export type WalkedPass = Extract<PassWalk, { kind: 'walked' }>;

/** The complete value, valid under the contract. */
export interface Validated {
  readonly stage: 'validate';
  readonly value: JsonValue;
  readonly decodedBytes: number;
  /** When the contract is compiled: the pass that validated the value and sanitized it in the same walk. */
  readonly walked: WalkedPass | undefined;
}

/**
 * Validates the whole parsed value (before any truncation or projection). A compiled
 * contract validates in its generated pass, which also sends each string through its purpose (the result is
 * held until binding has passed); any value that pass does not take to its end is validated by ajv as an
 * interpreted contract's always is. ajv stops at the first error; its location is reported with a redacted
 * pointer (only the contract's own member names kept) and the schema path, never the value or an unexpected
 * member's name.
 */
export const validateStage: Stage<Parsed, Validated> = (parsed, frame) => {
  const pass = compiledPassOf(frame.tool);
  return pass === undefined ? checked(parsed, frame) : walked(pass, parsed, frame);
};

async function walked(
  pass: NonNullable<ReturnType<typeof compiledPassOf>>,
  parsed: Parsed,
  frame: CallFrame,
): Promise<StageResult<Validated>> {
  const { tool, signal } = frame;
  const result = await walkPass(pass, parsed.value, tool.limits.output, tool.contract.names, signal);
  if (result.kind === 'aborted') return stop({ stage: 'validate', code: 'internal.aborted' });
  if (result.kind === 'off') return checked(parsed, frame);
  return next({ stage: 'validate', value: parsed.value, decodedBytes: parsed.decodedBytes, walked: result });
}

function checked(parsed: Parsed, frame: CallFrame): StageResult<Validated> {
  const verdict = frame.tool.contract.check(parsed.value);
  if (verdict.ok)
    return next({
      stage: 'validate',
      value: parsed.value,
      decodedBytes: parsed.decodedBytes,
      walked: undefined,
    });
  const { keyword, instancePath, schemaPath } = verdict.violation;
  return stop({
    stage: 'validate',
    code: `validate.${keyword}`,
    pointer: redactPointer(typedPath(parsed.value, instancePath), frame.tool.contract.names),
    schemaPath,
  });
}
