// The bounds and the default contract of the filter and the hook: any bounded JSON whose strings are text.
import { REGISTRY_TOOL_NAME } from '../../calls/tool-definition.js';
import { defineTool, type ToolDefinition } from '../../contract/define-tool.js';
import { resolveClientLimits, type ClientSettings } from '../../mcp/client-limits.js';
import { ANY_JSON_REF, anyJsonSchema } from '../../mcp/contract/any-json.js';

/** The version of the any-JSON contract, in outcomes and audit records. */
export const ANY_JSON_VERSION = 'airlock.any-json';

/** The name a contract takes when the tool's own name is not a valid one. */
export const FALLBACK_TOOL_NAME = 'tool_output';

/**
 * The bounds of output read under a ceiling of `maxBytes`: the MCP adapter's, so one knob sizes everything (the
 * read ceiling, the longest string, the output ceiling); arrays of 10,000 items, maps of 1,000 members at most.
 * Throws a TypeError for a ceiling that is not a positive whole number.
 */
export function outputSettings(maxBytes: number): ClientSettings {
  return resolveClientLimits({ limits: { maxResultBytes: maxBytes } }, maxBytes);
}

/** `name` when a contract can carry it, else {@link FALLBACK_TOOL_NAME}. */
export function contractName(name: string): string {
  return REGISTRY_TOOL_NAME.test(name) ? name : FALLBACK_TOOL_NAME;
}

/**
 * The contract for tool output with no contract of its own: any JSON value within `settings`' bounds, every
 * string under the `text` purpose (cleaned, secrets redacted, spoofing reported), every object a bounded map.
 */
export function anyJsonContract(name: string, settings: ClientSettings): ToolDefinition {
  const bounds = settings.bounds.hardening;
  return defineTool({
    name: contractName(name),
    version: ANY_JSON_VERSION,
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $ref: ANY_JSON_REF,
      $defs: { 'airlock.json': anyJsonSchema(ANY_JSON_REF, bounds) },
    },
    limits: settings.bounds.limits,
  });
}
