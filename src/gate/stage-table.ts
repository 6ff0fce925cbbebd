// The stage table: the one place that says which stage runs, in which order, checked by the compiler.
import type { ClassifiedInput } from '../read/input.js';
import type { ChainEnd, Chained } from './stage.js';
import { bindStage } from './stages/bind.js';
import { parseStage } from './stages/parse.js';
import { projectStage } from './stages/project.js';
import { readStage } from './stages/read.js';
import { sanitizeStage } from './stages/sanitize.js';
import { validateStage } from './stages/validate.js';

const TABLE = [
  ['read', readStage],
  ['parse', parseStage],
  ['validate', validateStage],
  ['bind', bindStage],
  ['sanitize', sanitizeStage],
  ['project', projectStage],
] as const;

/**
 * Every tool result walks these stages in this order. The order is load-bearing: nothing is parsed before
 * it is bounded, nothing is cut or picked before the complete value is validated, nothing
 * is sanitized before it is bound to its request, and the agent only ever sees the projection. Each stage
 * takes the typed result of the one before it, so a table that skips or reorders a stage does not compile.
 */
export const STAGE_TABLE: Chained<typeof TABLE, ClassifiedInput> = Object.freeze(TABLE);

/** What the last stage hands to the gate: the agent-facing projection. */
export type GateResult = ChainEnd<typeof TABLE>;
