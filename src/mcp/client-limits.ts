// The adapter's options resolved once: result ceilings, server-schema defaults, the prose budget, deadlines.
import { INSTRUCTION_POLICIES, type InstructionPolicy } from '../purposes/text/instruction.js';
import { resolveLimits, type LimitOverrides } from '../vocabulary/limits.js';
import type { HardeningDefaults } from './contract/harden-schema.js';
import type { StructuredContract } from './contract/result-contract.js';
import type { ContractBounds } from './output-contract.js';
import { DEFAULT_TEXT_BUDGET, type TextBudget } from './result/text-budget.js';

/** Receive and structural bounds of a result. */
export interface McpResultLimits {
  /**
   * Ceiling on one result, in bytes: the read ceiling of every contract Airlock builds, and the bound of
   * every string a server schema leaves unbounded. Default: the transport's ceiling; never above it.
   */
  readonly maxResultBytes: number;
  /** Most content blocks one result may hold (default 1,024); more is a schema mismatch. */
  readonly maxBlocks: number;
}

/** What the adapter runs with. */
export interface ClientSettings {
  readonly bounds: ContractBounds;
  readonly text: TextBudget;
  readonly timeoutMs: number;
  readonly maxTools: number;
  readonly onRefused: 'text-only' | 'unavailable';
}

/** The adapter's options about contracts, bounds and deadlines (resolved by {@link resolveClientLimits}). */
export interface LimitOptions {
  /** The client's contract for a tool's `structuredContent` (wins over the server's schema). */
  readonly contracts?: Readonly<Record<string, StructuredContract>>;
  /** Receive and structural bounds of results (see {@link McpResultLimits}). */
  readonly limits?: Partial<McpResultLimits>;
  /** Bounds given to server schemas that state none; `onRefused` decides what a refused schema means. */
  readonly serverSchemas?: Partial<HardeningDefaults> & { readonly onRefused?: 'text-only' | 'unavailable' };
  /** The prose budget of one result. */
  readonly textLimits?: Partial<TextBudget>;
  /** Time allowed for one request, in milliseconds (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** Most tools one listing reviews (default 256). */
  readonly maxTools?: number;
  /**
   * Text shaped like instructions to the assistant in a result's text blocks, and in the text fields of its
   * structured content whose contract sets no policy of its own: `ignore` (the default: not examined),
   * `report` (a `text.instruction` finding, the text delivered unchanged) or `reject` (the result refused).
   */
  readonly instructions?: InstructionPolicy;
}

/**
 * Resolves the options. One knob sizes a result: `limits.maxResultBytes` becomes the read ceiling, the parse
 * string limit and the default string bound of server schemas (a server schema states no sizes, and no
 * string can be longer than the result holding it); arrays default to 10,000 items, maps to 1,000 members.
 * Throws a TypeError on a bound that is not a positive whole number, a result ceiling above the transport's,
 * a client contract whose read ceiling is above the transport's, or an unknown `instructions` policy.
 */
export function resolveClientLimits(options: LimitOptions, transportMax: number): ClientSettings {
  const maxResultBytes = positive('limits.maxResultBytes', options.limits?.maxResultBytes ?? transportMax);
  if (maxResultBytes > transportMax)
    throw new TypeError('limits.maxResultBytes is above the transport ceiling.');
  for (const [name, contract] of Object.entries(options.contracts ?? {})) {
    if (resolveLimits(contract.limits).read.maxRawBytes > transportMax) {
      throw new TypeError(`Contract "${name}" allows more bytes than the transport ceiling.`);
    }
  }
  const schemas = options.serverSchemas ?? {};
  const hardening: HardeningDefaults = {
    maxLength: positive('serverSchemas.maxLength', schemas.maxLength ?? maxResultBytes),
    maxItems: positive('serverSchemas.maxItems', schemas.maxItems ?? 10_000),
    maxProperties: positive('serverSchemas.maxProperties', schemas.maxProperties ?? 1_000),
  };
  const limits: LimitOverrides = {
    read: { maxRawBytes: maxResultBytes, maxDecodedBytes: maxResultBytes },
    parse: { maxStringLength: maxResultBytes },
    output: { safeMaxBytes: 2 * maxResultBytes },
  };
  const instructions: unknown = options.instructions ?? 'ignore';
  if (!(INSTRUCTION_POLICIES as readonly unknown[]).includes(instructions))
    throw new TypeError('instructions is "ignore", "report" or "reject".');
  const envelope = {
    ...hardening,
    maxBlockLength: maxResultBytes,
    maxBlocks: positive('limits.maxBlocks', options.limits?.maxBlocks ?? 1024),
    instructions: instructions as InstructionPolicy,
  };
  const text = { ...DEFAULT_TEXT_BUDGET, ...options.textLimits };
  for (const [name, value] of Object.entries(text)) positive(`textLimits.${name}`, value);
  const onRefused: unknown = schemas.onRefused ?? 'text-only';
  if (onRefused !== 'text-only' && onRefused !== 'unavailable')
    throw new TypeError('serverSchemas.onRefused is "text-only" or "unavailable".');
  return {
    bounds: { envelope, hardening, limits },
    text,
    timeoutMs: positive('requestTimeoutMs', options.requestTimeoutMs ?? 30_000),
    maxTools: positive('maxTools', options.maxTools ?? 256),
    onRefused,
  };
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`${name} must be a positive whole number.`);
  return value;
}
