// The public API of Airlock: an explicit list of named exports, locked by a test.

// The gate: contracts, stages, outcomes.
export { createGate } from './gate/create-gate.js';
export type { Gate, GateOptions, AcceptOptions } from './gate/create-gate.js';
export { defineTool } from './gate/define-tool.js';
export type { ToolContract, ToolDefinition } from './gate/define-tool.js';
export { contractFromJson, loadContractFile } from './gate/contract-file.js';
export type {
  ToolOutcome,
  ToolSuccess,
  ToolFailure,
  OutcomeMeta,
  SuccessMeta,
  FailureMeta,
} from './gate/outcome.js';
export { STAGE_NAMES } from './gate/stages.js';
export type { StageName } from './gate/stages.js';
export { AGENT_CODES, DETAIL_CODES, agentCodeFor } from './gate/codes.js';
export type { AgentCode, DetailCode } from './gate/codes.js';
export type { Issue } from './gate/issue.js';
export type { FailureVariant } from './gate/failure-variant.js';
export type { EvidenceWriter } from './gate/evidence-writer.js';
export {
  DEFAULT_LIMITS,
  RAW_MAX_BYTES,
  SAFE_MAX_BYTES,
  SANITIZER_EXPANSION_BUDGET,
  resolveLimits,
  checkLimits,
} from './gate/limits.js';
export type {
  Limits,
  LimitOverrides,
  ReadLimits,
  ParseLimits,
  OutputLimits,
  ContentEncoding,
} from './gate/limits.js';
export { outcomeEnvelope, provenanceEnvelope, REQUEST_ID_PATTERN } from './schema/envelopes.js';
export type { EnvelopeContract } from './schema/envelopes.js';
export { ContractError } from './schema/contract-error.js';
export type { ContractErrorCode } from './schema/contract-error.js';
export { createAjv, PURPOSE_KEYWORD } from './schema/ajv-factory.js';
export type { AjvFactoryOptions } from './schema/ajv-factory.js';
export type { BindRule, RequestContext } from './bind/rules.js';
export type { ProjectionSpec } from './project/projection.js';

// Reading and parsing on their own.
export { readBody } from './read/read-body.js';
export type { RawInput, RawBody, TransportEnvelope } from './read/input.js';
export type { ReadResult, ReadError, ReadCode } from './read/result.js';
export { parseJson } from './json/parse.js';
export type { JsonValue, ParseResult, ParseError, ParseErrorCode } from './json/types.js';

// Field purposes, usable outside a contract.
export { PURPOSE_KINDS } from './purposes/kinds.js';
export type { PurposeKind } from './purposes/kinds.js';
export type { Finding, FindingAction } from './purposes/finding.js';
export { sanitizeText } from './purposes/text.js';
export type { TextResult, TextHiddenPayload } from './purposes/text.js';
export { TEXT_DEFAULTS } from './purposes/text-options.js';
export type { TextOptions } from './purposes/text-options.js';
export { TEXT_FINDING_CODES } from './purposes/text-findings.js';
export { sanitizeUrl } from './purposes/url.js';
export type { UrlSanitizeResult } from './purposes/url.js';
export { sanitizeHtml } from './purposes/html.js';
export { HTML_FINDING_CODES } from './purposes/html-findings.js';
export type { HtmlSanitizeResult } from './purposes/html.js';
export type { HtmlOptions, HtmlImages } from './purposes/html-options.js';

// Egress: one policy for url fields, sink links and connections.
export { checkUrl } from './egress/check-url.js';
export type { UrlDecision, CheckUrlOptions } from './egress/check-url.js';
export { canonicalizeUrl } from './egress/canonical.js';
export type { CanonicalUrl } from './egress/canonical.js';
export { defineEgressPolicy, DEFAULT_EGRESS_POLICY, EGRESS_SCHEMES } from './egress/policy.js';
export type { EgressPolicy, EgressPolicyOptions, EgressScheme, QueryBudget } from './egress/policy.js';
export { URL_BLOCK_REASONS } from './egress/reasons.js';
export type { UrlBlockReason } from './egress/reasons.js';
export { EgressPolicyError, EgressBlockedError } from './egress/errors.js';
export type { EgressErrorCode } from './egress/errors.js';
export { classifyAddress, ADDRESS_CLASSES } from './egress/address.js';
export type { AddressInfo, AddressClass } from './egress/address.js';
export { createEgressDispatcher } from './egress/dispatcher.js';
export type { EgressDispatcherOptions } from './egress/dispatcher.js';
export { createEgressHttpAgent, createEgressHttpsAgent } from './egress/http-agent.js';
export type { EgressAgentOptions } from './egress/http-agent.js';
export { guardedLookup } from './egress/connect-guard.js';
export { guardedFetch } from './egress/guarded-fetch.js';
export type { GuardedFetchOptions } from './egress/guarded-fetch.js';

// Untrusted text and the sinks.
export { untrusted, isUntrusted, derive, deriveAsync, combine, concatUntrusted } from './taint/untrusted.js';
export type { Untrusted } from './taint/untrusted.js';
export { containsUntrusted, findUntrusted } from './taint/contains.js';
export type { TaintHit } from './taint/contains.js';
export { UntrustedPlacementError } from './taint/trusted.js';
export { wrapUntrusted, wrapUntrustedDetailed } from '../sinks/prompt/wrap.js';
export type { WrapOptions } from '../sinks/prompt/wrap.js';
export { buildPrompt } from '../sinks/prompt/build.js';
export type { PromptSpec, PromptMessage, BuiltPrompt } from '../sinks/prompt/build.js';
export { projectForBudget } from '../sinks/prompt/budget.js';
export type { ContextBudget, Projection } from '../sinks/prompt/budget.js';
export { CHAT_TEMPLATE_TOKENS } from '../sinks/prompt/chat-tokens.js';
export type { ChatTemplateFamily } from '../sinks/prompt/chat-tokens.js';
export { renderHtml } from '../sinks/html/render-string.js';
export type { HtmlRendering } from '../sinks/html/render-string.js';
export type { DisplayInput, PurposedValue } from '../sinks/html/plan.js';
export type { DisplayOptions } from '../sinks/html/display-options.js';
export { renderMarkdown } from '../sinks/markdown/render.js';
export type { MarkdownRendering } from '../sinks/markdown/render.js';
export { escapeMarkdown } from '../sinks/markdown/escape.js';
export { renderOutcomeMarkdown } from '../sinks/markdown/outcome.js';
export type { OutcomeMarkdown } from '../sinks/markdown/outcome.js';
export { IMAGE_MODES } from '../sinks/markdown/options.js';
export type { MarkdownOptions, ImageMode } from '../sinks/markdown/options.js';
export { toLogLine } from '../sinks/log/line.js';
export type { LogEvent } from '../sinks/log/line.js';
export type { LogLineOptions } from '../sinks/log/options.js';

// Audit.
export { jsonLinesAuditSink, memoryAuditSink } from './audit/sinks.js';
export type { AuditRecord, AuditSink } from './audit/record.js';

// The evidence vault.
export { createVault } from './evidence/vault.js';
export type { Vault, VaultOptions } from './evidence/vault.js';
export type { EvidenceMeta } from './evidence/record.js';
export type { Principal } from './evidence/access.js';
export { isEvidenceRef } from './evidence/ref.js';
export type { EvidenceRef } from './evidence/ref.js';
export { EVIDENCE_READ_CODES } from './evidence/results.js';
export type {
  GetResult,
  RevokeResult,
  RewrapReport,
  EvidenceReadCode,
  EvidenceRecord,
} from './evidence/results.js';
export type { EvidenceAuditEvent, EvidenceAuditHook } from './evidence/audit.js';
export { createFileAuditHook } from './evidence/audit-file.js';
export { KeyConfigError, createStaticKeyProvider, buildKeyRing, generateKey } from './evidence/keys.js';
export type { KeyProvider, KeyRing } from './evidence/keys.js';
export { createEnvKeyProvider } from './evidence/keys-env.js';
export { createKeyFileProvider } from './evidence/keys-file.js';
export { DEFAULT_EVIDENCE_TTL_MS } from './evidence/defaults.js';
export type { EvidenceStore } from './evidence/store.js';
export { createMemoryStore } from './evidence/stores/memory.js';
export { createSqliteStore } from './evidence/stores/sqlite.js';
export { createPostgresStore } from './evidence/stores/postgres.js';
export type { PostgresStoreOptions } from './evidence/stores/postgres.js';
export { createRedisStore } from './evidence/stores/redis.js';
export type { RedisStoreOptions } from './evidence/stores/redis.js';

// Tool calls: permission decisions, the pinned registry, retries, MCP.
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
export type { OutputMemory } from './calls/output-memory.js';
export { createCallGuard } from './calls/call-guard.js';
export type { CallGuard, CallGuardOptions, ToolBinding, GuardedCallResult } from './calls/call-guard.js';
export { callWithRetries, defineRetryPolicy, DEFAULT_RETRY_POLICY } from './calls/retries.js';
export type { RetryPolicy } from './calls/retries.js';
export { canonicalize } from './calls/jcs.js';
export { canonicalHash } from './calls/canonical-hash.js';
export { createToolRegistry } from './calls/registry.js';
export type { ToolRegistry, ToolRegistryOptions, ToolStatus } from './calls/registry.js';
export { snapshotDefinition } from './calls/tool-definition.js';
export { TOOL_STATES } from './calls/tool-state.js';
export type { ToolState, ToolStateStore } from './calls/tool-state.js';
export { projectMetadataOnly } from './calls/metadata-only.js';
export { createMemoryToolStore } from './calls/stores/memory.js';
export { createSqliteToolStore } from './calls/stores/sqlite.js';
export { createPostgresToolStore } from './calls/stores/postgres.js';
export { createRedisToolStore } from './calls/stores/redis.js';
export { createMcpToolClient } from './mcp/tool-client.js';
export type { McpToolClient, McpToolClientOptions, McpToolResult } from './mcp/tool-client.js';
export { boundTransport, RESULT_TOO_LARGE_CODE } from './mcp/bounded-transport.js';

// Fixture packs: malicious and benign cases run against contracts, with reports a CI server can ingest.
export { loadPack } from './packs/load-pack.js';
export { discoverPacks } from './packs/discover.js';
export { runPacks } from './packs/run.js';
export type { RunOptions } from './packs/run.js';
export { PackError } from './packs/pack-error.js';
export type { LoadedPack } from './packs/pack.js';
export type { RunReport, PackResult, CaseResult } from './packs/results.js';
export { formatTextReport } from './packs/report-text.js';
export { formatJsonReport } from './packs/report-json.js';
export { formatJunitReport } from './packs/report-junit.js';
export { formatSarifReport } from './packs/report-sarif.js';
export { openRunVault } from './packs/evidence.js';
