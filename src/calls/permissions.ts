// definePermissions: the tool catalogue a session's calls are judged against, checked and compiled once.
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../schema/ajv-factory.js';
import { checkClosedObjects } from '../schema/closed-objects.js';
import { ContractError } from '../vocabulary/contract-error.js';
import type { SchemaNode } from '../schema/subschemas.js';
import { createDecisionValidator, type DecisionValidator } from './decision.js';
import { CAPABILITY_PATTERN, MAX_CAPABILITIES } from './decision-schema.js';

/**
 * What a call does to the world, declared by the application (never read from a tool's own annotations,
 * which are hints). `read` changes nothing; `write` changes state; `network` sends data off the machine.
 * Untrusted values in the arguments of a `write` or `network` call make it `ask` at least.
 */
export type ToolEffect = 'read' | 'write' | 'network';

/** The effects, from the narrowest reach to the widest. */
export const TOOL_EFFECTS: readonly ToolEffect[] = Object.freeze(['read', 'write', 'network']);

/** One tool as the application declares it. */
export interface ToolPermission {
  /**
   * JSON Schema 2020-12 for the arguments, compiled strictly through Airlock's ajv factory. Closed, as result
   * contracts are: every object `additionalProperties: false` or `unevaluatedProperties: false`, no value left to
   * accept anything, so a call cannot smuggle members nobody reviewed.
   */
  readonly inputSchema: object;
  /** Every capability the session's grant must hold for the call to be allowed without asking. */
  readonly requires: readonly string[];
  /** What the tool does; `write` when absent (the cautious default). */
  readonly effect?: ToolEffect;
}

/** The catalogue: the capability vocabulary and the tools. */
export interface PermissionsOptions {
  readonly capabilities: readonly string[];
  readonly tools: Readonly<Record<string, ToolPermission>>;
}

/** One catalogue tool, compiled. */
export interface CompiledToolPermission {
  readonly name: string;
  readonly requires: readonly string[];
  readonly effect: ToolEffect;
  /** True when the arguments are valid against the input schema; never throws. */
  readonly validate: (args: unknown) => boolean;
}

/** A checked, frozen catalogue. Made only by {@link definePermissions}. */
export interface Permissions {
  readonly capabilities: readonly string[];
  /** The catalogue entry of a tool name (own entries only), or undefined. */
  tool(name: string): CompiledToolPermission | undefined;
  /** Checks a decision document against the decision schema of this vocabulary. */
  readonly checkDecision: DecisionValidator;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Checks and compiles a catalogue. Throws a TypeError on a configuration mistake: a capability that is not a
 * short lower-case name or is listed twice, a tool name outside `A-Z a-z 0-9 _ . -` (1–64), a requirement
 * outside the vocabulary, an unknown effect, or an input schema ajv refuses in strict mode. An input schema
 * that admits an open object throws a `ContractError` (`contract.open_object`) located at
 * `/tools/NAME/inputSchema…`, by the closedness rule result contracts follow.
 */
export function definePermissions(options: PermissionsOptions): Permissions {
  const capabilities = checkCapabilities(options.capabilities);
  const tools = Object.create(null) as Record<string, CompiledToolPermission>;
  for (const [name, permission] of Object.entries(options.tools)) {
    if (!TOOL_NAME.test(name)) throw new TypeError(`Tool name "${name}" must be 1–64 of A-Z a-z 0-9 _ . -.`);
    tools[name] = compileTool(name, permission, capabilities);
  }
  Object.freeze(tools);
  return Object.freeze({
    capabilities,
    tool: (name: string) => (Object.hasOwn(tools, name) ? tools[name] : undefined),
    checkDecision: createDecisionValidator(capabilities),
  });
}

/** Throws a TypeError unless every entry is a vocabulary capability, each listed once. */
export function checkCapabilityList(
  list: unknown,
  vocabulary: readonly string[],
  what: string,
): readonly string[] {
  if (!Array.isArray(list)) throw new TypeError(`${what} must be an array of capabilities.`);
  const seen = new Set<string>();
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'string' || !vocabulary.includes(entry)) {
      throw new TypeError(`${what} lists a capability outside the vocabulary.`);
    }
    if (seen.has(entry)) throw new TypeError(`${what} lists "${entry}" twice.`);
    seen.add(entry);
  }
  return Object.freeze([...seen]);
}

function checkCapabilities(list: unknown): readonly string[] {
  if (!Array.isArray(list) || list.length > MAX_CAPABILITIES) {
    throw new TypeError(`capabilities must be an array of at most ${MAX_CAPABILITIES} names.`);
  }
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'string' || !CAPABILITY_PATTERN.test(entry)) {
      throw new TypeError(`A capability must match ${String(CAPABILITY_PATTERN)}.`);
    }
  }
  return checkCapabilityList(list, list as string[], 'capabilities');
}

function compileTool(
  name: string,
  permission: ToolPermission,
  capabilities: readonly string[],
): CompiledToolPermission {
  const effect = permission.effect ?? 'write';
  if (!TOOL_EFFECTS.includes(effect))
    throw new TypeError(`Tool "${name}": effect must be read, write or network.`);
  const requires = checkCapabilityList(permission.requires, capabilities, `Tool "${name}" requires`);
  let validator: ValidateFunction;
  try {
    validator = createAjv().compile(permission.inputSchema);
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : 'unknown reason';
    throw new TypeError(`Tool "${name}": ajv refused the input schema: ${reason}`);
  }
  checkClosedInput(name, permission.inputSchema as SchemaNode);
  const validate = (args: unknown): boolean => {
    try {
      return validator(args);
    } catch {
      return false;
    }
  };
  return Object.freeze({ name, requires, effect, validate });
}

/** Refuses an input schema that admits an open object, locating the refusal inside the catalogue. */
function checkClosedInput(name: string, schema: SchemaNode): void {
  try {
    checkClosedObjects(schema);
  } catch (error: unknown) {
    if (!(error instanceof ContractError)) throw error;
    throw new ContractError(
      error.code,
      `/tools/${name}/inputSchema${error.location}`,
      error.code === 'contract.open_object'
        ? `Tool "${name}": the input schema must close every object ("additionalProperties": false or "unevaluatedProperties": false)`
        : `Tool "${name}": the input schema may only use local "$ref"s`,
    );
  }
}
