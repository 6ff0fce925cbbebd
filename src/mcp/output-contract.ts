// Which contract an MCP tool's result is checked against: the client's pinned one, the hardened server schema, or none.
import type { ToolDefinitionSnapshot } from '../calls/tool-definition.js';
import { snapshotDefinition } from '../calls/tool-definition.js';
import { defineTool, type ToolDefinition } from '../contract/define-tool.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { redactPointerString } from '../vocabulary/pointer.js';
import type { LimitOverrides } from '../vocabulary/limits.js';
import { hardenOutputSchema, type HardeningDefaults } from './contract/harden-schema.js';
import { resultContract, type StructuredContract } from './contract/result-contract.js';
import type { EnvelopeBounds } from './contract/result-schema.js';

/** Where a tool's contract came from. */
export type ContractSource = 'client' | 'server' | 'none' | 'refused';

/** The contract a tool's results are checked against, as the listing and every outcome report it. */
export interface McpContractStatus {
  readonly source: ContractSource;
  /** The contract version in outcomes and audit records (`mcp.text-only+refused:<code>` for a refused schema). */
  readonly version: string;
  /** Why the server's `outputSchema` was refused: a stable code and a pointer into that schema. */
  readonly refusal?: { readonly code: string; readonly location: string };
}

/** A compiled contract and how it was chosen. */
export interface ResolvedContract {
  readonly definition: ToolDefinition<unknown>;
  readonly status: McpContractStatus;
}

/** Resolves and caches result contracts for one server's tools. */
export interface OutputContracts {
  /** The contract for a tool whose approved definition is `approved` (its pinned snapshot). */
  resolve(name: string, approved: ToolDefinitionSnapshot | undefined): ResolvedContract;
  /** The contract a published definition would get once approved (for the listing's report). */
  describe(published: unknown): McpContractStatus | undefined;
}

/** The version of a contract with no structured part (the server published no output schema). */
export const TEXT_ONLY_VERSION = 'mcp.text-only';

/** Most compiled server contracts kept (a server that keeps changing its definitions cannot grow memory). */
const MAX_CACHED = 512;

/** Where a contract error inside the embedded structured schema is reported; stripped to point into it. */
const STRUCTURED_LOCATION = /^\/(?:properties\/structuredContent\/\$ref|\$defs\/mcp\.structured)/;

/** Bounds and defaults the contracts are built with. */
export interface ContractBounds {
  readonly envelope: EnvelopeBounds;
  readonly hardening: HardeningDefaults;
  /** Limits of contracts Airlock builds (a client contract keeps its own). */
  readonly limits: LimitOverrides;
}

/**
 * Contracts in this order of preference:
 * 1. the client's contract for the tool (always wins: the client decides what a result must be);
 * 2. the server's `outputSchema` from the approved (pinned) definition, hardened by `hardenOutputSchema`
 *    and compiled once per approved definition (version `mcp.<first 16 hex of its hash>`);
 * 3. text-only: only the content blocks are used. A schema that could not be hardened or compiled is
 *    reported (status `refused`, its code in the version) and never silently dropped.
 * A server schema is never used before it is pinned: a changed one is a changed definition, quarantined.
 * Every contract is the result envelope around the structured one (see `resultContract`). Client contracts
 * are compiled here, so a bad one throws `ContractError` when the adapter is created.
 */
export function createOutputContracts(
  client: Readonly<Record<string, StructuredContract>>,
  bounds: ContractBounds,
): OutputContracts {
  const own = new Map<string, ResolvedContract>();
  for (const [name, contract] of Object.entries(client)) {
    const definition = defineTool(
      resultContract(name, contract.version, contract, bounds.envelope, contract.limits),
    );
    own.set(name, { definition, status: { source: 'client', version: contract.version } });
  }
  const definitionFor = sharedDefinitions(bounds);
  const bySnapshot = new WeakMap<ToolDefinitionSnapshot, ResolvedContract>();
  const byHash = new Map<string, ResolvedContract>();

  const fromServer = (name: string, snapshot: ToolDefinitionSnapshot): ResolvedContract => {
    const pinned = own.get(name);
    if (pinned !== undefined) return pinned;
    if (snapshot.outputSchema === undefined) return plain(definitionFor, name, NO_SCHEMA);
    const taken = snapshotDefinition(snapshot);
    if (!taken.ok) return plain(definitionFor, name, refused('definition.invalid', ''));
    const known = byHash.get(taken.hashes.hash);
    if (known !== undefined) return known;
    const version = `mcp.${taken.hashes.hash.slice(0, 16)}`;
    const resolved = serverContract(definitionFor, bounds, name, version, snapshot.outputSchema);
    if (byHash.size >= MAX_CACHED) byHash.delete(byHash.keys().next().value as string);
    byHash.set(taken.hashes.hash, resolved);
    return resolved;
  };

  return Object.freeze({
    resolve(name: string, approved: ToolDefinitionSnapshot | undefined): ResolvedContract {
      if (approved === undefined) return own.get(name) ?? plain(definitionFor, name, NO_SCHEMA);
      let resolved = bySnapshot.get(approved);
      if (resolved === undefined) {
        resolved = fromServer(name, approved);
        bySnapshot.set(approved, resolved);
      }
      return resolved;
    },
    describe(published: unknown): McpContractStatus | undefined {
      const taken = snapshotDefinition(published);
      return taken.ok ? fromServer(taken.snapshot.name, taken.snapshot).status : undefined;
    },
  });
}

/** Compiles the envelope around a structured schema (or none) for a tool, under the tool's name and version. */
type DefinitionFor = (name: string, version: string, schema: object | undefined) => ToolDefinition<unknown>;

const NO_SCHEMA: McpContractStatus = Object.freeze({ source: 'none', version: TEXT_ONLY_VERSION });

/**
 * One compiled definition per distinct structured schema, renamed per tool: many tools share one schema
 * (every text-only tool, a filesystem server's dozen `{ content: string }`), and compiling is the slow part.
 */
function sharedDefinitions(bounds: ContractBounds): DefinitionFor {
  const compiled = new Map<string, ToolDefinition<unknown>>();
  return (name, version, schema) => {
    const key = schema === undefined ? '' : JSON.stringify(schema);
    let shared = compiled.get(key);
    if (shared === undefined) {
      const structured = schema === undefined ? undefined : { version, schema };
      shared = defineTool(resultContract(name, version, structured, bounds.envelope, bounds.limits));
      if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
      compiled.set(key, shared);
    }
    return Object.freeze({ ...shared, name, version });
  };
}

/** The hardened server schema as a contract, or text-only with the reason it was refused. */
function serverContract(
  definitionFor: DefinitionFor,
  bounds: ContractBounds,
  name: string,
  version: string,
  schema: unknown,
): ResolvedContract {
  const hardened = hardenOutputSchema(schema, bounds.hardening);
  if (!hardened.ok) return plain(definitionFor, name, refused(hardened.code, hardened.location));
  try {
    return {
      definition: definitionFor(name, version, hardened.schema),
      status: { source: 'server', version },
    };
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    const location = error.location.replace(STRUCTURED_LOCATION, '');
    return plain(definitionFor, name, refused(error.code, location));
  }
}

function plain(definitionFor: DefinitionFor, name: string, status: McpContractStatus): ResolvedContract {
  return { definition: definitionFor(name, status.version, undefined), status };
}

/** A refusal as reported: member names from the server's schema that are not plain identifiers are digested. */
function refused(code: string, location: string): McpContractStatus {
  const refusal = { code, location: redactPointerString(location) };
  return { source: 'refused', version: `${TEXT_ONLY_VERSION}+refused:${code}`, refusal };
}
