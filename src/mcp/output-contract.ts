// Which contract an MCP tool's result is checked against: the client's pinned one, or an approved server schema.
import type { ToolStatus } from '../calls/registry.js';
import { snapshotDefinition } from '../calls/tool-definition.js';
import { defineTool, type ToolDefinition } from '../contract/define-tool.js';

/** Resolves and caches result contracts for one server's tools. */
export interface OutputContracts {
  /** The contract for an approved tool: see {@link createOutputContracts}. */
  resolve(name: string, status: ToolStatus): ToolDefinition<unknown>;
}

/** The version a text-only contract carries (a tool with no usable structured contract). */
export const TEXT_ONLY_VERSION = 'mcp.text-only';

/**
 * Contracts in this order of preference:
 * 1. the contract the client pinned for the tool (always wins: the client decides what a result must be);
 * 2. the server's `outputSchema`, only when the registry approved the definition that carries it, and only if
 *    it is itself an acceptable contract (closed objects, purposed and bounded strings); compiled once per
 *    approved definition hash;
 * 3. otherwise a text-only contract, `null`: the structured part is not used at all, and only the text blocks
 *    reach the agent, as untrusted prose.
 * A server schema is never used before it is pinned: a changed one is a changed definition, quarantined.
 */
export function createOutputContracts(
  pinned: Readonly<Record<string, ToolDefinition<unknown>>> = {},
): OutputContracts {
  const own = Object.assign(Object.create(null) as Record<string, ToolDefinition<unknown>>, pinned);
  const compiled = new Map<string, ToolDefinition<unknown>>();
  const cached = (key: string, build: () => ToolDefinition<unknown>): ToolDefinition<unknown> => {
    let contract = compiled.get(key);
    if (contract === undefined) {
      contract = build();
      compiled.set(key, contract);
    }
    return contract;
  };
  const textOnly = (name: string) =>
    cached(`text:${name}`, () => defineTool({ name, version: TEXT_ONLY_VERSION, schema: { type: 'null' } }));

  return Object.freeze({
    resolve(name: string, status: ToolStatus): ToolDefinition<unknown> {
      const pinnedContract = own[name];
      if (pinnedContract !== undefined) return pinnedContract;
      const schema = status.approved ? status.definition?.outputSchema : undefined;
      const taken = schema === undefined ? undefined : snapshotDefinition(status.definition);
      if (taken?.ok !== true || typeof schema !== 'object' || schema === null) return textOnly(name);
      const version = `mcp.${taken.hashes.hash.slice(0, 16)}`;
      return cached(`server:${taken.hashes.hash}`, () => {
        try {
          return defineTool({ name, version, schema });
        } catch {
          // A server schema that is not a safe contract (open objects, unpurposed strings) is not used.
          return textOnly(name);
        }
      });
    },
  });
}
