// Turns a JSON Schema into a contract: refused unless safe, then compiled once with its purpose plan.
import type { ValidateFunction } from 'ajv';
import type { ConfiguredPurpose } from '../purposes/purpose.js';
import { resolvePurpose, type PurposeDefaults } from '../purposes/registry.js';
import { createAjv } from '../schema/ajv-factory.js';
import { checkerOf, type CheckValue } from '../schema/check-value.js';
import { checkContractSchema } from '../schema/contract-checks.js';
import { preflightContractSchema } from '../schema/contract-preflight.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { buildPlan } from '../walk/plan.js';
import { ShapeCache, type Shape } from '../walk/shape.js';
import { isSchemaObject, type SchemaObject } from '../schema/subschemas.js';
import type { DeclaredNames } from '../vocabulary/pointer.js';
import { compilePass, type CompiledPass, type Unsupported } from '../compile/compile-pass.js';
import type { ProjectionSpec } from '../project/projection.js';
import { declaredNames } from './declared-names.js';

/** A schema accepted as a contract: its compiled validator and the shape that gives each string its purpose. */
export interface CompiledContract {
  readonly schema: SchemaObject;
  /** The complete value against the schema: the verdict and, on failure, where it first broke. */
  readonly check: CheckValue;
  readonly shape: Shape;
  /** The member names the schema declares: the only ones reports show verbatim. */
  readonly names: DeclaredNames;
}

/** A compiled contract, and how to compile it with its projection to one generated pass. */
export interface ContractCompilation {
  readonly contract: CompiledContract;
  /** The generated pass of this contract and a projection already checked, or what the compiler does not cover. */
  pass(project: ProjectionSpec | undefined): CompiledPass | Unsupported;
}

const DEFAULT_ID = 'airlock:contract';

/**
 * Checks and compiles a contract schema. Throws `ContractError` when the schema declares another dialect or
 * a purpose that does not exist, is not valid JSON Schema 2020-12 under ajv's strict mode, fails a contract
 * rule (see `checkContractSchema`), or has a string leaf whose purpose cannot be configured.
 */
export function compileContract(schema: unknown, defaults: PurposeDefaults): ContractCompilation {
  if (!isSchemaObject(schema)) {
    throw new ContractError('contract.invalid_schema', '', 'A contract schema must be a JSON Schema object');
  }
  preflightContractSchema(schema);
  const root: SchemaObject = typeof schema.$id === 'string' ? schema : { ...schema, $id: DEFAULT_ID };
  const rootId = root.$id as string;
  const configured = new Map<SchemaObject, ConfiguredPurpose>();
  const leafPurpose = (node: SchemaObject, location: string): ConfiguredPurpose => {
    const known = configured.get(node);
    if (known !== undefined) return known;
    const purpose = resolvePurpose(node, location, defaults);
    configured.set(node, purpose);
    return purpose;
  };
  const ajv = createAjv();
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(root);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown reason';
    throw new ContractError('contract.invalid_schema', '', `ajv refused the schema: ${reason}`);
  }
  checkContractSchema(root, (node, location) => {
    leafPurpose(node, location);
  });
  const contract: CompiledContract = Object.freeze({
    schema: root,
    check: checkerOf(validate),
    shape: ShapeCache.root(buildPlan(root, rootId, ajv, leafPurpose)),
    names: declaredNames(root),
  });
  return { contract, pass: (project) => compilePass({ schema: root, ajv, leafPurpose, project }) };
}
