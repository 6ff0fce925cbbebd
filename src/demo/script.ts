// The demo's conversation script: what the demo server computes with the gate and the page fetches as JSON.
import type { EgressPolicy } from '../egress/policy.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';

/** Where the page fetches the script from. */
export const SCRIPT_PATH = '/api/conversation.json';

/** The raw tool output of one case as inert text, bounded, with the transport facts around it. */
export interface RawView {
  /** The body as text (UTF-8, invalid bytes as U+FFFD; JSON bodies pretty-printed), at most a few KiB. */
  readonly text: string;
  /** The size of the whole body in bytes, before any content encoding. */
  readonly bytes: number;
  /** True when `text` shows only the start of the body. */
  readonly truncated: boolean;
  /** How the body was written in the pack: `json`, `text`, `base64`, `file` or `generate`. */
  readonly form: string;
  readonly status?: number;
  readonly contentType?: string;
  readonly contentEncoding?: string;
}

/** The trusted request the agent sent: the tool and the facts binding checks the result against. */
export interface ToolCall {
  readonly tool: string;
  readonly requestId: string;
  readonly tenant?: string;
  readonly limit?: number;
}

/** One turn of the conversation: a question, the tool call it caused, and what came back. */
export interface DemoCase {
  readonly id: string;
  /** What the case proves (the pack's title). */
  readonly title: string;
  /** The user's question that led to the tool call. */
  readonly question: string;
  readonly call: ToolCall;
  /** The outcome from the gate, as JSON; `null` when the case's input could not be built. */
  readonly outcome: ToolOutcome<unknown> | null;
  readonly raw: RawView;
  /** Whether the outcome met the pack's expectations. */
  readonly passed: boolean;
}

/** One pack: its cases and the egress policy links in them are shown under. */
export interface DemoPack {
  readonly name: string;
  readonly description: string;
  /** The pack's egress policy, every field written out (the page passes it to `defineEgressPolicy`). */
  readonly egress: EgressPolicy;
  readonly cases: readonly DemoCase[];
}

/** The whole script. */
export interface DemoScript {
  readonly packs: readonly DemoPack[];
}
