// The contract compiler: one generated function per contract that validates, sanitizes and projects a value.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ProjectionSpec } from '../project/projection.js';
import type { StringPlacer } from '../project/copy.js';
import type { PurposeRecord } from '../project/purpose-record.js';
import type { SchemaNode } from '../schema/subschemas.js';
import { nodeBody } from './emit-node.js';
import { emitProjection } from './emit-projection.js';
import { Emitter } from './emitter.js';
import { Unsupported } from './keywords.js';
import { buildModel, type LeafPurpose } from './model.js';
import { needsPacing } from './pacing-plan.js';
import type { PassState } from './pass-state.js';
import { TreeCache } from './purpose-tree.js';
import { RUNTIME, RUNTIME_NAMES } from './runtime.js';

export { Unsupported } from './keywords.js';

/**
 * A contract compiled to code. `walk` validates a parsed value against the whole schema and sends each string
 * through its purpose, in one pass over the value (a generator that may pause between items of long arrays
 * when `paced`); it returns the sanitized value (copied on write), `STOP` when the value leaves the compiled
 * path (invalid, refused, or for the interpreter), or `LATER` for a root string whose purpose answers later.
 * `project` builds the agent-facing value from a sanitized one.
 */
export interface CompiledPass {
  /** The generated code, as `airlock contract compile` prints it. */
  readonly source: string;
  readonly paced: boolean;
  readonly walk: (value: unknown, state: PassState, depth: number) => unknown;
  readonly project: (
    sanitized: unknown,
    place: StringPlacer,
    rec: PurposeRecord | undefined,
    at: string,
  ) => unknown;
}

/** What the compiler reads: the checked schema, its ajv (for formats), each leaf's purpose, the projection. */
export interface PassSource {
  readonly schema: SchemaNode;
  readonly ajv: Ajv2020;
  readonly leafPurpose: LeafPurpose;
  readonly project: ProjectionSpec | undefined;
}

/**
 * Compiles a contract already accepted by `checkContractSchema` (and a projection already checked), or
 * answers `Unsupported` with the first thing it does not cover: the gate then interprets that contract.
 * The code is generated from the contract alone, never from a tool's output.
 */
export function compilePass(contract: PassSource): CompiledPass | Unsupported {
  const root = buildModel(contract.schema, contract.ajv, contract.leafPurpose);
  if (root instanceof Unsupported) return root;
  const emitter = new Emitter(nodeBody);
  try {
    const paced = needsPacing(root);
    const walk = emitter.fn(root, paced ? 'paced' : 'walk');
    const project = emitProjection(contract.project, new TreeCache().of([root]), emitter);
    const source = [
      '"use strict";',
      `const { ${RUNTIME_NAMES.join(', ')} } = rt;`,
      emitter.source(),
      `return { walk: ${walk}, project: ${project} };`,
    ].join('\n\n');
    return Object.freeze({ source, paced, ...instantiate(source, emitter.constants) });
  } catch (error) {
    if (error instanceof Unsupported) return error;
    throw error;
  }
}

/**
 * Turns the generated source into functions. The source is built from the contract (trusted configuration,
 * as ajv builds its validators from it), never from tool output; browser bundles never compile contracts.
 */
function instantiate(source: string, constants: readonly unknown[]): Pick<CompiledPass, 'walk' | 'project'> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the contract alone, as ajv does
  const make = new Function('rt', 'K', source) as (
    rt: unknown,
    k: readonly unknown[],
  ) => Pick<CompiledPass, 'walk' | 'project'>;
  return make(RUNTIME, constants);
}
