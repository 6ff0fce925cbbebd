// The stage table: the one place that says which stage runs, in which order.
import type { Stage } from './call.js';
import type { StageName } from './stages.js';
import { bindStage } from './stages/bind.js';
import { parseStage } from './stages/parse.js';
import { projectStage } from './stages/project.js';
import { readStage } from './stages/read.js';
import { sanitizeStage } from './stages/sanitize.js';
import { validateStage } from './stages/validate.js';

/**
 * Every tool result walks these stages in this order. The order is load-bearing: nothing is parsed before
 * it is bounded, nothing is cut or picked before the complete value is validated (seed 001 step 4), nothing
 * is sanitized before it is bound to its request, and the agent only ever sees the projection.
 */
export const STAGE_TABLE = Object.freeze([
  ['read', readStage],
  ['parse', parseStage],
  ['validate', validateStage],
  ['bind', bindStage],
  ['sanitize', sanitizeStage],
  ['project', projectStage],
] as const satisfies ReadonlyArray<readonly [StageName, Stage]>);
