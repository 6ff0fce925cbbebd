// The core entry `agent-airlock`: gate, contracts, purposes, egress policy, taint and sinks. Loads no store client.

// The gate: contracts, stages, outcomes.
export { createGate } from './gate/create-gate.js';
export type { Gate, GateOptions, AcceptOptions } from './gate/create-gate.js';
export { defineTool } from './contract/define-tool.js';
export type { ToolContract, ToolDefinition } from './contract/define-tool.js';
export { purpose } from './contract/zod-purpose.js';
export type { PurposeOptions, UntrustedSchema, TaintStrings } from './contract/zod-purpose.js';
export type { DataOf, ValueOf, ProjectedData, AtPointer } from './contract/data-type.js';
export { contractFromJson, loadContractFile } from './contract/contract-file.js';
export type {
  ToolOutcome,
  ToolSuccess,
  ToolFailure,
  OutcomeMeta,
  SuccessMeta,
  FailureMeta,
} from './vocabulary/outcome.js';
export { STAGE_NAMES } from './vocabulary/stages.js';
export type { StageName } from './vocabulary/stages.js';
export { AGENT_CODES, DETAIL_CODES, agentCodeFor } from './vocabulary/codes.js';
export type { AgentCode, DetailCode } from './vocabulary/codes.js';
export type { Issue } from './vocabulary/issue.js';
export type { FailureVariant } from './contract/failure-variant.js';
export type { EvidenceWriter, EvidenceMeta } from './vocabulary/evidence-writer.js';
export { checkLimits } from './contract/check-limits.js';
export {
  DEFAULT_LIMITS,
  RAW_MAX_BYTES,
  SAFE_MAX_BYTES,
  SANITIZER_EXPANSION_BUDGET,
  resolveLimits,
} from './vocabulary/limits.js';
export type {
  Limits,
  LimitOverrides,
  ReadLimits,
  ParseLimits,
  OutputLimits,
  ContentEncoding,
} from './vocabulary/limits.js';
export { outcomeEnvelope, provenanceEnvelope, REQUEST_ID_PATTERN } from './contract/envelopes.js';
export type {
  EnvelopeContract,
  OutcomeEnvelopeValue,
  ProvenanceEnvelopeValue,
} from './contract/envelopes.js';
export { ContractError } from './vocabulary/contract-error.js';
export type { ContractErrorCode } from './vocabulary/contract-error.js';
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
export { PURPOSE_KINDS, PURPOSE_TRAITS } from './vocabulary/purpose-kinds.js';
export type { PurposeKind, PurposeTraits, PurposeDisplay } from './vocabulary/purpose-kinds.js';
export type { Finding, FindingAction } from './vocabulary/finding.js';
export { sanitizeText } from './purposes/text/sanitize-text.js';
export type { TextResult, TextHiddenPayload } from './purposes/text/sanitize-text.js';
export { TEXT_DEFAULTS } from './purposes/text/options.js';
export type { TextOptions } from './purposes/text/options.js';
export type { InstructionPolicy } from './purposes/text/instruction.js';
export { TEXT_FINDING_CODES } from './purposes/text/findings.js';
export { sanitizeUrl } from './purposes/url/url-purpose.js';
export type { UrlSanitizeResult } from './purposes/url/url-purpose.js';
export { sanitizeHtml } from './purposes/html/sanitize-html.js';
export { HTML_FINDING_CODES } from './purposes/html/findings.js';
export type { HtmlSanitizeResult } from './purposes/html/sanitize-html.js';
export type { HtmlOptions, HtmlImages } from './purposes/html/options.js';

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

// Untrusted text and the sinks.
export { SINKS, SINK_NAMES } from './rendering/sinks.js';
export type { SinkName } from './rendering/sinks.js';
export type { Sink, SinkInput, SinkRendering } from '../sinks/shared/sink.js';
export type { PromptSinkOptions, PromptRendering } from '../sinks/prompt/sink.js';
export type { LogSinkOptions } from '../sinks/log/sink.js';
export { untrusted, isUntrusted, derive, deriveAsync, combine, concatUntrusted } from './taint/untrusted.js';
export { revealUntrusted } from './taint/reveal.js';
export type { Untrusted } from './taint/untrusted.js';
export type { OutcomeJson } from './taint/outcome-data.js';
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
export type { DisplayInput, PurposedValue } from '../sinks/shared/plan.js';
export type { DisplayOptions } from '../sinks/shared/display-options.js';
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
