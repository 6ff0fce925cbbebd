// The fixture-pack format as types: what pack.json holds (see pack.schema.json) and what loading makes of it.
import type { RequestContext } from '../bind/rules.js';
import type { EgressPolicy, EgressPolicyOptions } from '../egress/policy.js';
import type { AgentCode } from '../vocabulary/codes.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { StageName } from '../vocabulary/stages.js';
import type { JsonValue } from '../json/types.js';

import type { SinkName } from '../rendering/sinks.js';

export { SINK_NAMES, type SinkName } from '../rendering/sinks.js';

/** Assertions on one sink's output. Regular expressions are compiled with the `u` flag. */
export interface SinkAssertions {
  readonly contains?: readonly string[];
  readonly notContains?: readonly string[];
  readonly matches?: readonly string[];
  /** Finding codes the sink itself must report (a blocked link, a defused chat token). */
  readonly findings?: readonly string[];
}

/** Finding codes an outcome must carry (others may appear too), or `'none'` for no finding at all. */
export type FindingExpectation = 'none' | readonly string[];

/** The result must end as a typed failure. */
export interface RejectedExpectation {
  readonly code?: AgentCode;
  readonly detail?: string;
  readonly stage?: StageName;
  readonly retryable?: boolean;
  readonly upstreamCode?: string;
  readonly findings?: FindingExpectation;
}

/** The result must end as a validated success. */
export interface AcceptedExpectation {
  readonly findings?: FindingExpectation;
  /** The exact agent-facing data. */
  readonly data?: JsonValue;
}

/** What a case expects: exactly one of `rejected` or `accepted`, plus leak and sink assertions. */
export type CaseExpectation = (
  | { readonly rejected: RejectedExpectation; readonly accepted?: undefined }
  | { readonly accepted: AcceptedExpectation; readonly rejected?: undefined }
) & {
  /** Strings that may appear nowhere in what the agent sees: the outcome and the prompt's data. */
  readonly agentNotContains?: readonly string[];
  readonly sinks?: Readonly<Partial<Record<SinkName, SinkAssertions>>>;
};

/** How `generate` builds a body: `prefix`, then `piece` `repeat` times, then `suffix`. */
export interface GeneratedInput {
  readonly piece: string;
  readonly repeat: number;
  readonly prefix?: string;
  readonly suffix?: string;
}

/** The raw tool result of a case: exactly one form. */
export type CaseInput =
  | { readonly text: string }
  | { readonly json: JsonValue }
  | { readonly base64: string }
  | { readonly file: string }
  | { readonly generate: GeneratedInput };

/** Transport facts of a case. A `contentEncoding` other than identity is applied by the runner. */
export interface TransportSpec {
  readonly status?: number;
  readonly contentType?: string;
  readonly contentEncoding?: 'identity' | 'gzip' | 'deflate' | 'br';
  readonly toolError?: boolean;
}

/** The trusted request context as a pack writes it (any member may come from the pack's defaults). */
export type ContextSpec = Partial<Omit<RequestContext, 'now'>> & { readonly now?: string | number };

/** One case as written in pack.json. */
export interface CaseSpec {
  readonly id: string;
  readonly title: string;
  readonly contract: string;
  readonly context?: ContextSpec;
  readonly input: CaseInput;
  readonly transport?: TransportSpec;
  readonly expect: CaseExpectation;
}

/** pack.json as written. */
export interface PackSpec {
  readonly name: string;
  readonly description: string;
  readonly contracts: readonly string[];
  readonly egress?: EgressPolicyOptions;
  readonly defaults?: { readonly context?: ContextSpec; readonly transport?: TransportSpec };
  readonly cases: readonly CaseSpec[];
}

/** A case ready to run: its contract defined, its context complete, its regular expressions compiled. */
export interface LoadedCase {
  readonly id: string;
  readonly title: string;
  /** The line of pack.json the case starts on (for reports). */
  readonly line: number;
  readonly tool: ToolDefinition;
  readonly context: RequestContext;
  readonly input: CaseInput;
  readonly transport: TransportSpec;
  readonly expect: CaseExpectation;
  readonly patterns: Readonly<Partial<Record<SinkName, readonly RegExp[]>>>;
}

/** A pack ready to run. */
export interface LoadedPack {
  readonly name: string;
  readonly description: string;
  /** The pack folder (absolute; never printed). */
  readonly dir: string;
  /** pack.json as a path relative to the working folder, with `/` separators (printed in reports). */
  readonly file: string;
  readonly policy: EgressPolicy;
  readonly cases: readonly LoadedCase[];
}
