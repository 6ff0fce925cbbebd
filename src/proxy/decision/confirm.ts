// Putting an `ask` to the person at the client: an elicitation that names the call and where its arguments came from.
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { cutCodePoints } from '../../mcp/result/text-budget.js';
import { sanitizeText } from '../../purposes/text/sanitize-text.js';
import { tracedPhrase, type TracedArgument } from './provenance.js';

/** The key of the proxy's own entry in `inputRequests`. */
const CONFIRM_KEY = 'agent-airlock/confirm';

/** The largest piece of the arguments shown to the person, in code points. */
const SHOWN_ARGUMENTS = 2_000;

/** What a confirmation round carries back: the call it was minted for, by tool and argument digest. */
interface ConfirmState {
  readonly tool: string;
  readonly sha256: string;
}

/** Asks and reads answers for one proxy; its state is sealed so a client cannot forge an approval. */
export interface Confirmations {
  /** The hook for `ServerOptions.requestState.verify`. */
  readonly verify: RequestStateCodec<ConfirmState>['verify'];
  /** The person's answer to an earlier ask for this very call, carried by a retried request, if any. */
  answer(ctx: ServerContext, tool: string, sha256: string): 'approved' | 'refused' | 'none';
  /** The input-required result that asks the person about a call. */
  ask(ctx: ServerContext, call: AskedCall): Promise<InputRequiredResult>;
}

/** The call a person is asked about. */
export interface AskedCall {
  readonly tool: string;
  /** The arguments as canonical JSON, and their digest. */
  readonly canonical: string;
  readonly sha256: string;
  readonly traced: readonly TracedArgument[];
  /** Why the decision asks: arguments repeating earlier output, or a grant that misses a capability. */
  readonly reason: 'untrusted_arguments' | 'grant_missing';
}

/**
 * Confirmations under an HMAC key (32 bytes or more): a request state minted for one call (tool and argument
 * digest) expires with `ttlMs` and is accepted only for that call, so an approval can neither be forged nor
 * replayed onto other arguments. On 2025-era connections the SDK turns the input-required result into an
 * `elicitation/create` request and re-enters the handler with the answer; on 2026-07-28 the client does.
 */
export function createConfirmations(key: Uint8Array, ttlMs: number): Confirmations {
  const codec = createRequestStateCodec<ConfirmState>({
    key,
    ttlSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });
  return Object.freeze({
    verify: (state: string, ctx: ServerContext) => codec.verify(state, ctx),
    answer(ctx: ServerContext, tool: string, sha256: string) {
      const state = ctx.mcpReq.requestState<ConfirmState>();
      if (state?.tool !== tool || state.sha256 !== sha256) return 'none';
      const view = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
      if (view.kind !== 'elicit') return 'none';
      return view.action === 'accept' && view.content?.run === true ? 'approved' : 'refused';
    },
    async ask(_ctx: ServerContext, call: AskedCall) {
      const requestState = await codec.mint({ tool: call.tool, sha256: call.sha256 });
      return inputRequired({
        inputRequests: {
          [CONFIRM_KEY]: inputRequired.elicit({
            message: confirmationMessage(call),
            requestedSchema: {
              type: 'object',
              properties: { run: { type: 'boolean', title: 'Run this call', default: false } },
              required: ['run'],
            },
          }),
        },
        requestState,
      });
    },
  });
}

/**
 * What the person reads: the tool, which arguments repeat which earlier tool's output, and the arguments
 * themselves (cleaned of invisible and control characters, cut visibly when long).
 */
function confirmationMessage(call: AskedCall): string {
  const cleaned = sanitizeText(call.canonical, { maxCodePoints: 1 << 20, maxBytes: 4 << 20 });
  const shown = cleaned.ok ? cutCodePoints(cleaned.value, SHOWN_ARGUMENTS) : '(not shown)';
  const cut = cleaned.ok && shown.length < cleaned.value.length ? ' …(cut)' : '';
  const why =
    call.reason === 'grant_missing'
      ? 'which needs a permission this session was not granted.'
      : 'with values taken from an earlier tool result, which may carry instructions from someone else: ' +
        call.traced.map(tracedPhrase).join('; ') +
        '.';
  return `Airlock: the assistant wants to call "${call.tool}" ${why}\nArguments: ${shown}${cut}\nRun this call?`;
}
