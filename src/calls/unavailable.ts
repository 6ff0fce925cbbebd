// The outcome of a tool that is not called at all: taken offline, quarantined, or with nothing bound to run it.
import type { ToolFailure } from '../vocabulary/outcome.js';

/**
 * A `tool_unavailable` failure (not retryable): nothing was called, so there is no reply, no evidence and no
 * finding. The caller decides and records why.
 */
export function unavailableOutcome(tool: string, schemaVersion: string, requestId: string): ToolFailure {
  return {
    ok: false,
    error: { code: 'tool_unavailable', retryable: false },
    meta: { tool, schemaVersion, requestId, findings: [] },
  };
}
