// defineTool: turns a tool's contract into a frozen definition, refusing an unsafe one at definition time.
import { compileBindings, type CompiledBinding } from '../bind/evaluate.js';
import type { BindRule } from '../bind/rules.js';
import { compileProjection, type CompiledProjection, type ProjectionSpec } from '../project/projection.js';
import type { PurposeDefaults } from '../purposes/registry.js';
import { compileContract, type CompiledContract } from './compile-contract.js';
import type { CompiledPass, Unsupported } from '../compile/compile-pass.js';
import { declaresPath } from '../schema/declared-path.js';
import { ContractError } from '../vocabulary/contract-error.js';
import {
  compileFailureVariant,
  type CompiledFailureVariant,
  type FailureVariant,
} from './failure-variant.js';
import { resolveLimits, type LimitOverrides, type Limits } from '../vocabulary/limits.js';
import { checkLimits } from './check-limits.js';
import type { OutcomeJson } from '../taint/outcome-data.js';
import type { DataOf } from './data-type.js';
import { contractSchemaOf } from './zod-schema.js';

/** What a tool's author writes: the contract of its results. */
export interface ToolContract {
  /** The tool's name (letters, digits, `_`, `.`, `-`; up to 64). */
  readonly name: string;
  /** The contract version, such as `ticket.search.v3`. */
  readonly version: string;
  /**
   * The complete result's schema: a closed JSON Schema 2020-12 with a purpose on every string leaf, or a zod 4
   * schema (exported by zod to JSON Schema, then held to exactly the same rules).
   */
  readonly schema: object;
  /** Overrides of the default read, parse and output limits. */
  readonly limits?: LimitOverrides;
  /** Semantic checks against the trusted request context, run after validation. */
  readonly bind?: readonly BindRule[];
  /** The agent-facing projection; without one, the agent receives the whole sanitized value. */
  readonly project?: ProjectionSpec;
  /** The tool's own failure shape, which becomes a typed failure instead of a success. */
  readonly failure?: FailureVariant;
  /** Contract-wide default options per purpose (for example the egress policy of `url` fields). */
  readonly purposes?: PurposeDefaults;
  /** Type-level only: the accepted result's type, set by envelope helpers given a zod data schema. */
  readonly __value?: unknown;
}

/**
 * A tool definition: everything compiled once. `T` is the type of the projected data the agent receives;
 * it is a declaration, checked by the contract at run time.
 */
export interface ToolDefinition<T = OutcomeJson> {
  readonly name: string;
  readonly version: string;
  readonly limits: Limits;
  readonly contract: CompiledContract;
  readonly bind: CompiledBinding;
  readonly project: CompiledProjection | undefined;
  readonly failure: CompiledFailureVariant | undefined;
  /**
   * The contract and its projection compiled to one generated pass (validation, purposes and projection in
   * one walk of the value), or what the compiler does not cover (`{ location, reason }`): the gate then
   * interprets the contract stage by stage. Outcomes, findings and audit records are the same either way.
   */
  readonly pass: CompiledPass | Unsupported;
  /** Type-level marker for the projected data; never present at run time. */
  readonly __data?: T;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const VERSION = /^[A-Za-z0-9_.:+-]{1,128}$/;

/**
 * Defines a tool's result contract. Compiles the schema once through Airlock's ajv factory and refuses,
 * with a `ContractError`, a schema that fails ajv's security meta-schema, an object that is not closed, a
 * string without `maxLength` or purpose, an array without `maxItems`, or a malformed rule or projection.
 *
 * The agent-facing data type is inferred from a zod schema (and from the projection's pointers, when there is
 * one); a JSON Schema contract states it as `defineTool<T>(…)`.
 */
export function defineTool<const C extends ToolContract>(contract: C): ToolDefinition<DataOf<C>>;
export function defineTool<T>(contract: ToolContract): ToolDefinition<T>;
export function defineTool(contract: ToolContract): ToolDefinition<unknown> {
  if (!TOOL_NAME.test(contract.name)) {
    throw new ContractError(
      'contract.invalid_definition',
      '/name',
      'A tool name is 1–64 of A-Z a-z 0-9 _ . -',
    );
  }
  if (!VERSION.test(contract.version)) {
    throw new ContractError(
      'contract.invalid_definition',
      '/version',
      'A version is 1–128 of A-Z a-z 0-9 _ . : + -',
    );
  }
  const limits = resolveLimits(contract.limits);
  try {
    checkLimits(limits);
  } catch (error) {
    throw new ContractError(
      'contract.invalid_limits',
      '/limits',
      error instanceof Error ? error.message : 'Malformed limits',
    );
  }
  const compilation = compileContract(contractSchemaOf(contract.schema, '/schema'), contract.purposes ?? {});
  const compiled = compilation.contract;
  return Object.freeze({
    name: contract.name,
    version: contract.version,
    limits,
    contract: compiled,
    bind: compileBindings(contract.bind ?? [], '/bind', compiled.names),
    project:
      contract.project === undefined
        ? undefined
        : compileProjection(contract.project, (path) => declaresPath(compiled.schema, path)),
    failure: contract.failure === undefined ? undefined : compileFailureVariant(contract.failure),
    pass: compilation.pass(contract.project),
  });
}
