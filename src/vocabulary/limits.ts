// The hard limits a tool result is read, parsed and sanitized under, with frozen safe defaults.
import { deepFreeze } from './deep-freeze.js';

/** Limits of the read stage: what the client will receive before anything is parsed. */
export interface ReadLimits {
  /** Ceiling on bytes received from the transport (compressed, if the body is compressed). */
  readonly maxRawBytes: number;
  /** Ceiling on bytes after decompression; decompression aborts the moment it is crossed. */
  readonly maxDecodedBytes: number;
  /** Time allowed for the whole read, in milliseconds. */
  readonly timeoutMs: number;
  /** Accepted media types (lower case, without parameters). A `+json` suffix is accepted when `structuredSuffix`. */
  readonly contentTypes: readonly string[];
  /** Accept any `application/*+json` media type. */
  readonly structuredSuffix: boolean;
  /** A body with no content type at all (bare bytes or string input) is accepted when true. */
  readonly allowMissingContentType: boolean;
  /** Accepted content encodings. */
  readonly contentEncodings: readonly ContentEncoding[];
  /** What a leading UTF-8 byte order mark means: a failure, or three bytes to drop. */
  readonly bom: 'reject' | 'strip';
}

/** A content encoding the read stage can decode by streaming `node:zlib`. */
export type ContentEncoding = 'identity' | 'gzip' | 'deflate' | 'br';

/** Limits of the strict JSON parser. */
export interface ParseLimits {
  /** Deepest nesting of arrays and objects; the top-level value is depth 1. */
  readonly maxDepth: number;
  /** Most members in one object. */
  readonly maxMembers: number;
  /** Most items in one array. */
  readonly maxItems: number;
  /** Longest string (member names included), in UTF-16 code units after unescaping. */
  readonly maxStringLength: number;
  /** Most values in the whole document (every object, array, string, number and literal counts one). */
  readonly maxNodes: number;
  /** Integer literals beyond ±(2^53−1): refused, or kept as the nearest double (a contract opts in). */
  readonly unsafeIntegers: 'reject' | 'allow';
}

/** Limits on the sanitized, agent-facing value. */
export interface OutputLimits {
  /** Ceiling on the UTF-8 size of the sanitized value, serialized as JSON. */
  readonly safeMaxBytes: number;
  /** Ceiling on sanitized bytes divided by the bytes of the values sanitized (encoding may grow text). */
  readonly expansionBudget: number;
}

/** Every limit a contract may set. */
export interface Limits {
  readonly read: ReadLimits;
  readonly parse: ParseLimits;
  readonly output: OutputLimits;
}

/** A contract's overrides: any subset of any group. */
export interface LimitOverrides {
  readonly read?: Partial<ReadLimits>;
  readonly parse?: Partial<ParseLimits>;
  readonly output?: Partial<OutputLimits>;
}

/** Default ceiling on raw received bytes (RAW_MAX_BYTES). */
export const RAW_MAX_BYTES = 2 * 1024 * 1024;
/** Default ceiling on the sanitized value's size (SAFE_MAX_BYTES). */
export const SAFE_MAX_BYTES = 2 * 1024 * 1024;
/** Default ceiling on how much sanitizing may grow a value (SANITIZER_EXPANSION_BUDGET). */
export const SANITIZER_EXPANSION_BUDGET = 1.5;

/** The safe defaults. Frozen; contracts override through {@link LimitOverrides}. */
export const DEFAULT_LIMITS: Limits = deepFreeze({
  read: {
    maxRawBytes: RAW_MAX_BYTES,
    maxDecodedBytes: 4 * 1024 * 1024,
    timeoutMs: 10_000,
    contentTypes: ['application/json'],
    structuredSuffix: true,
    allowMissingContentType: true,
    contentEncodings: ['identity', 'gzip', 'deflate', 'br'],
    bom: 'reject',
  },
  parse: {
    maxDepth: 32,
    maxMembers: 1_000,
    maxItems: 10_000,
    maxStringLength: 65_536,
    maxNodes: 200_000,
    unsafeIntegers: 'reject',
  },
  output: {
    safeMaxBytes: SAFE_MAX_BYTES,
    expansionBudget: SANITIZER_EXPANSION_BUDGET,
  },
});

/** The defaults with a contract's overrides applied, frozen. */
export function resolveLimits(overrides: LimitOverrides | undefined): Limits {
  return deepFreeze({
    read: { ...DEFAULT_LIMITS.read, ...overrides?.read },
    parse: { ...DEFAULT_LIMITS.parse, ...overrides?.parse },
    output: { ...DEFAULT_LIMITS.output, ...overrides?.output },
  });
}

/** Growth any value may have whatever the budget: escaping one `<` in a tiny value already doubles it. */
export const EXPANSION_SLACK_BYTES = 16;

/**
 * True when sanitizing grew a value past the expansion budget: more than `budget` times its input bytes (and
 * more than the slack). `allowance` is fixed markup the sanitizer itself added (a link's `rel`), not counted.
 */
export function exceedsExpansion(
  inputBytes: number,
  outputBytes: number,
  budget: number,
  allowance = 0,
): boolean {
  return outputBytes - allowance > Math.max(inputBytes * budget, inputBytes + EXPANSION_SLACK_BYTES);
}
