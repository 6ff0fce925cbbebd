// What Airlock does with one agent-egress-bench case, as the bench's own rule reads it: block or allow.
import { snapshotDefinition } from '../../../src/calls/tool-definition.js';
import { outputSettings } from '../../../src/cli/filter/output-contract.js';
import { defineTool, type ToolDefinition } from '../../../src/contract/define-tool.js';
import { checkUrl } from '../../../src/egress/check-url.js';
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import { createGate } from '../../../src/gate/create-gate.js';
import { ANY_JSON_REF, anyJsonSchema } from '../../../src/mcp/contract/any-json.js';
import { resultEnvelopeSchema } from '../../../src/mcp/contract/result-schema.js';
import { decideCall } from '../../../src/proxy/decision/decide-call.js';
import { createProvenance } from '../../../src/proxy/decision/provenance.js';
import { presentDefinition } from '../../../src/proxy/definitions/present-definition.js';
import { definitionInstructions } from '../../../src/taint/definition-signal.js';
import type { ToolOutcome } from '../../../src/vocabulary/outcome.js';
import type { EgressCase } from '../data.js';

/** A verdict and the evidence for it (codes only). */
export interface Verdict {
  readonly verdict: 'block' | 'allow' | 'error';
  readonly evidence: string;
}

const SETTINGS = outputSettings(4 << 20);
/** The default policy with plain HTTP allowed too, as a fetch tool's would be: the address rules decide. */
const FETCH_POLICY = defineEgressPolicy({ schemes: ['https', 'http'] });
/** The injection signal on: a result carrying an instruction is flagged (`text.instruction`, reported). */
const SIGNAL = { text: { instructions: 'report' } } as const;
const gate = createGate({ audit: { write: () => undefined } });

const textContract = defineTool({
  name: 'fetched',
  version: 'bench.text',
  schema: { type: 'string', maxLength: 1 << 20, 'x-purpose': { kind: 'text', maxBytes: 4 << 20 } },
  purposes: SIGNAL,
});
const jsonContract = defineTool({
  name: 'fetched',
  version: 'bench.json',
  schema: {
    $ref: ANY_JSON_REF,
    $defs: { 'airlock.json': anyJsonSchema(ANY_JSON_REF, SETTINGS.bounds.hardening) },
  },
  purposes: SIGNAL,
});
/** An MCP result as the adapter and `airlock proxy` check it with `instructions: 'report'`. */
const mcpContract = defineTool({
  name: 'tool',
  version: 'bench.mcp',
  schema: resultEnvelopeSchema(undefined, { ...SETTINGS.bounds.envelope, instructions: 'report' }),
});

/** Withheld (refused by the gate) or flagged (the injection signal) is a block; anything else is delivered. */
function gated(outcome: ToolOutcome<unknown>): Verdict {
  if (!outcome.ok) return { verdict: 'block', evidence: `withheld:${outcome.error.code}` };
  const flagged = outcome.meta.findings.find((finding) => finding.code === 'text.instruction');
  return flagged === undefined
    ? { verdict: 'allow', evidence: 'delivered' }
    : { verdict: 'block', evidence: `flagged:text.instruction:${String(flagged.detail?.cues ?? '')}` };
}

async function accept(contract: ToolDefinition, raw: string): Promise<Verdict> {
  return gated(await gate.accept(contract, raw, { requestId: 'bench.egress' }));
}

/** A fetched body: JSON through the any-JSON contract, anything else as one text value. */
function response(body: string): Promise<Verdict> {
  try {
    JSON.parse(body);
    return accept(jsonContract, body);
  } catch {
    return accept(textContract, JSON.stringify(body));
  }
}

/**
 * Tool definitions as `airlock proxy --approve first-use` lists them: a definition is shown (allow) unless
 * cleaning it changed anything or its prose carries the injection signal, in which case it waits for a person
 * (withheld: block).
 */
function definitions(result: unknown): Verdict {
  const tools = (result as { tools?: unknown[] } | undefined)?.tools ?? [];
  for (const tool of tools) {
    const snapshot = snapshotDefinition(tool);
    if (!snapshot.ok) return { verdict: 'block', evidence: `withheld:${snapshot.code}` };
    const cleaned = presentDefinition(snapshot.snapshot, '').findings.some(
      (finding) => finding.action === 'cleaned',
    );
    if (cleaned) return { verdict: 'block', evidence: 'withheld:definition.cleaned' };
    const signal = definitionInstructions(snapshot.snapshot);
    if (signal !== undefined)
      return { verdict: 'block', evidence: `withheld:text.instruction:${signal.cues.join(' ')}` };
  }
  return { verdict: 'allow', evidence: 'listed' };
}

/** A call as the proxy decides it: an approved tool, the default settings, a session with no earlier result. */
function call(params: unknown): Verdict {
  const { name, arguments: args } = (params ?? {}) as { name?: unknown; arguments?: unknown };
  const settings = { deny: [], grant: [], onMissingGrant: 'ask', tools: {}, killSwitch: false } as const;
  const status = { approved: true, state: 'active' } as const;
  const decided = decideCall(String(name), args ?? {}, status, settings, createProvenance()).evaluated
    .document;
  return decided.decision === 'allow'
    ? { verdict: 'allow', evidence: 'decision:allow' }
    : { verdict: 'block', evidence: `decision:${decided.decision}:${decided.reason}` };
}

function messages(payload: EgressCase['payload']): readonly Record<string, unknown>[] {
  return (payload.jsonrpc_messages as Record<string, unknown>[] | undefined) ?? [];
}

/** Decides one case; an input type Airlock has no path for is an `error`. */
export async function decideCase(item: EgressCase): Promise<Verdict> {
  const { payload } = item;
  switch (item.input_type) {
    case 'url': {
      const decision = checkUrl(String(payload.url), FETCH_POLICY);
      return decision.allowed
        ? { verdict: 'allow', evidence: 'egress:allowed' }
        : { verdict: 'block', evidence: `egress:${decision.reason}` };
    }
    case 'response_content':
      return response(String(payload.response_body));
    case 'mcp_tool_result':
      return accept(mcpContract, JSON.stringify(messages(payload)[0]?.result ?? {}));
    case 'mcp_tool_definition':
      return definitions(messages(payload)[0]?.result);
    case 'mcp_tool_call':
      return call(messages(payload)[0]?.params);
    default:
      return { verdict: 'error', evidence: `unsupported:${item.input_type}` };
  }
}
