// The names of the gate's stages, in the order every tool result walks them.
/**
 * The stages of the gate, in order. A tool result is read under limits, parsed strictly, validated against its
 * closed contract, bound to the request that caused it, sanitized per field purpose, and projected for the agent.
 */
export const STAGE_NAMES = ['read', 'parse', 'validate', 'bind', 'sanitize', 'project'] as const;

/** One stage of the gate. */
export type StageName = (typeof STAGE_NAMES)[number];
