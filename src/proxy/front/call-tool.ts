// tools/call through the proxy: the permission decision (asking the person when it says ask), then the gated call.
import type { InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import { newRequestId } from '../../adapters/request-id.js';
import { decisionAuditRecord, type Confirmation } from '../../calls/decision-audit.js';
import type { DecisionDocument } from '../../calls/decision.js';
import { statusOrClosed } from '../../calls/registry.js';
import type { ToolState } from '../../calls/tool-state.js';
import { settleWithin } from '../../vocabulary/settle-within.js';
import { decideCall, type CallDecision } from '../decision/decide-call.js';
import type { Provenance } from '../decision/provenance.js';
import { presentResult, type PresentedResult } from '../result/present-result.js';
import type { ProxyCore } from './core.js';
import { refusalText } from './refusal-text.js';

/** What one client connection keeps between calls. */
export interface ClientSession {
  readonly provenance: Provenance;
  /** Whether the client of this request can answer an elicitation (read when a decision asks). */
  readonly canElicit: (ctx: ServerContext) => boolean;
}

/**
 * Handles one `tools/call`. The decision comes first: a call that is not allowed never reaches the server.
 * An `ask` is put to the person through elicitation when the client offers it (the answer comes back on a
 * retried request carrying a sealed state for this very call); without elicitation it is refused with words
 * that tell the model why. The final decision is recorded before the call goes out; a record that cannot be
 * written refuses the call. The server's result goes through the gate and comes back presented.
 */
export async function callTool(
  core: ProxyCore,
  session: ClientSession,
  params: { readonly name: string; readonly arguments?: unknown },
  ctx: ServerContext,
): Promise<PresentedResult | InputRequiredResult> {
  const { name } = params;
  const args = params.arguments ?? {};
  const signal = ctx.mcpReq.signal;
  const listed = await core.revalidator.fresh(signal).then(
    () => true,
    () => false,
  );
  if (!listed) return core.upstream.ended() ? serverGone() : unlisted();
  const status = await statusOrClosed(core.registry, name, { timeoutMs: core.settings.timeoutMs, signal });
  let decision = decideCall(name, args, status, core.settings, session.provenance);
  let confirmation: Confirmation | undefined;
  let final = decision.evaluated.document;
  if (final.decision === 'ask') {
    const normalized = decision.evaluated.arguments;
    const answer = normalized.ok ? core.confirmations.answer(ctx, name, normalized.sha256) : 'none';
    if (answer === 'approved') {
      decision = decideCall(name, args, status, core.settings, session.provenance, true);
      final = decision.evaluated.document;
      confirmation = 'approved';
    } else if (answer === 'none' && normalized.ok && session.canElicit(ctx)) {
      const reason = final.reason === 'grant_missing' ? 'grant_missing' : 'untrusted_arguments';
      const asked = {
        tool: name,
        canonical: normalized.canonical,
        sha256: normalized.sha256,
        reason,
      } as const;
      return core.confirmations.ask(ctx, { ...asked, traced: decision.traced });
    } else {
      confirmation = answer === 'refused' ? 'refused' : 'failed';
      final = { ...final, decision: 'deny', reason: answer === 'refused' ? 'refused' : 'confirm_failed' };
    }
  }
  const requestId = newRequestId();
  final = await recorded(core, decision, final, { requestId, confirmation, state: status.state });
  if (final.decision !== 'allow') return refused(core, final, decision);
  const result = await core.upstream.tools.callTool(
    name,
    decision.evaluated.arguments.ok ? decision.evaluated.arguments.value : {},
    { requestId, tenant: core.settings.tenant },
    { signal },
  );
  const presented = presentResult(result, core.presenting);
  if (result.outcome.ok) session.provenance.remember(name, result.outcome, presented.shown);
  return presented.result;
}

/** Writes the decision record; a decision whose record is not written in time becomes `deny`. */
async function recorded(
  core: ProxyCore,
  decision: CallDecision,
  final: DecisionDocument,
  facts: {
    readonly requestId: string;
    readonly confirmation: Confirmation | undefined;
    readonly state: ToolState;
  },
): Promise<DecisionDocument> {
  const record = decisionAuditRecord(decision.evaluated, final, {
    session: core.settings.name,
    time: Date.now(),
    requestId: facts.requestId,
    ...(facts.confirmation === undefined ? {} : { confirmation: facts.confirmation }),
    toolState: facts.state,
  });
  const written = await settleWithin(() => core.decisions.write(record), {
    timeoutMs: core.settings.timeoutMs,
  });
  if (written.kind === 'value' || final.decision === 'deny') return final;
  return { ...final, decision: 'deny', reason: 'audit_unavailable' };
}

/** The result of every call once the server has gone away: nothing will answer until the proxy restarts. */
function serverGone(): PresentedResult {
  const text =
    'Airlock refused this call: the server has exited (upstream_error); it is unavailable until the proxy is restarted.';
  return { content: [{ type: 'text', text }], isError: true };
}

/** The result of a call whose tool's current definition could not be read: it is not sent. */
function unlisted(): PresentedResult {
  const text =
    "Airlock refused this call: the server's current tool definitions could not be read. Try again later.";
  return { content: [{ type: 'text', text }], isError: true };
}

/** The result a refused call gets: `isError`, and the proxy's own words saying why and what would change it. */
function refused(core: ProxyCore, final: DecisionDocument, decision: CallDecision): PresentedResult {
  const text = refusalText(final, decision.traced, core.settings.name);
  return { content: [{ type: 'text', text }], isError: true };
}
