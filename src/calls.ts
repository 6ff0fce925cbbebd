// The `agent-airlock/calls` entry: permission decisions, the pinned tool registry, retries and call guards.
export { decide, evaluateCall } from './calls/decide.js';
export type { ToolCallProposal } from './calls/decide.js';
export { authorize } from './calls/authorize.js';
export type { ConfirmHook, ConfirmRequest, AuthorizeOptions, Authorization } from './calls/authorize.js';
export { applyDecisionRule, reviewDecision } from './calls/decision-rule.js';
export type { DecisionDocument } from './calls/decision.js';
export { DECISIONS, DECISION_REASONS, decisionSchema } from './calls/decision-schema.js';
export type { Decision, DecisionReason } from './calls/decision-schema.js';
export type { DecisionAuditRecord, DecisionAuditSink } from './calls/decision-audit.js';
export { definePermissions } from './calls/permissions.js';
export type { ToolPermission, Permissions, ToolEffect } from './calls/permissions.js';
export { createSession } from './calls/session.js';
export type { Session, SessionOptions } from './calls/session.js';
export { createOutputMemory } from './calls/output-memory.js';
export type {
  ArgumentTrace,
  CopyForm,
  OutputMemory,
  OutputMemoryOptions,
} from './calls/output-memory.js';
export { createCallGuard } from './calls/call-guard.js';
export type { CallGuard, CallGuardOptions, ToolBinding, GuardedCallResult } from './calls/call-guard.js';
export { callWithRetries, defineRetryPolicy, DEFAULT_RETRY_POLICY } from './calls/retries.js';
export type { RetryPolicy } from './calls/retries.js';
export { canonicalize } from './calls/jcs.js';
export { canonicalHash } from './calls/canonical-hash.js';
export { createToolRegistry } from './calls/registry.js';
export type { ToolRegistry, ToolRegistryOptions, ToolStatus } from './calls/registry.js';
export { snapshotDefinition } from './calls/tool-definition.js';
export { ALL_TOOLS, TOOL_STATES } from './calls/tool-state.js';
export type { DefinitionKind, KeptDefinition, ToolState, ToolStateStore } from './calls/tool-state.js';
export { projectMetadataOnly } from './calls/metadata-only.js';
export { createMemoryToolStore } from './calls/stores/memory.js';
export { createSqliteToolStore } from './calls/stores/sqlite.js';
export { createPostgresToolStore } from './calls/stores/postgres.js';
export { createRedisToolStore } from './calls/stores/redis.js';
export { MissingPeerError } from './peers/load-peer.js';
