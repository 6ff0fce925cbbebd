// resources/read through the proxy: the server's reply through the gate, its text inside untrusted boundaries.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { newRequestId } from '../../adapters/request-id.js';
import type { ToolDefinition } from '../../contract/define-tool.js';
import type { JsonValue } from '../../json/types.js';
import { gateInput } from '../../mcp/failure-input.js';
import { plainData } from '../../taint/plain.js';
import { wrapUntrusted } from '../../../sinks/prompt/wrap.js';
import type { ProxyCore } from '../front/core.js';
import {
  flaggedMeta,
  INSTRUCTION_NOTICE,
  INSTRUCTION_REFUSAL,
  instructionMarks,
} from '../result/instruction-flag.js';
import { EVIDENCE_META_KEY } from '../result/present-result.js';
import { withholdLinks } from '../result/withhold-links.js';

/** A media type the proxy repeats in its own words (anything else is not repeated). */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** One item of a presented resource read. */
interface PresentedContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text: string;
}

/**
 * Reads a resource as a tool result is read: the exact reply bytes through the gate (evidence kept), then
 * each text inside an untrusted boundary with off-policy links withheld, and each binary item replaced by a
 * line saying what was withheld. A refused read is a JSON-RPC error naming the agent code, never a byte of
 * the reply (a resource read has no `isError`). With `--instructions report`, a read whose text is shaped
 * like instructions to the assistant has the proxy's fixed notice before each text and the code in `_meta`;
 * with `reject`, the refusal names it.
 */
export async function readResource(
  core: ProxyCore,
  contract: ToolDefinition<unknown>,
  params: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
): Promise<{ contents: PresentedContents[]; _meta?: Record<string, JsonValue> }> {
  const reply = await core.upstream.transport.exchange('resources/read', params, {
    timeoutMs: core.settings.timeoutMs,
    signal,
  });
  const input = gateInput(reply);
  const context = { requestId: newRequestId(), tenant: core.settings.tenant };
  const outcome = await core.gate.accept(
    contract,
    input.raw,
    context,
    input.signal === undefined ? {} : { signal: input.signal },
  );
  const marks = instructionMarks(outcome.meta.findings);
  if (!outcome.ok) {
    const why = marks.rejected ? ` (${INSTRUCTION_REFUSAL})` : '';
    const message = `Airlock refused this resource: ${outcome.error.code}${why}`;
    throw new ProtocolError(ProtocolErrorCode.InternalError, message, { code: outcome.error.code });
  }
  const data = plainData(outcome.data) as { readonly contents: readonly Record<string, unknown>[] };
  const source = core.presenting.source;
  const contents = data.contents.map((item): PresentedContents => {
    const uri = String(item.uri);
    if (typeof item.text !== 'string') return { uri, mimeType: 'text/plain', text: withheldLine(item) };
    const held = withholdLinks(item.text, core.presenting.policy);
    const wrapped = wrapUntrusted(held.text, { source, mode: core.presenting.mode });
    const text = marks.reported ? `${INSTRUCTION_NOTICE}\n${wrapped}` : wrapped;
    return { uri, ...(typeof item.mimeType === 'string' ? { mimeType: item.mimeType } : {}), text };
  });
  const evidence = outcome.meta.evidence;
  const meta = {
    ...(evidence === undefined ? {} : { [EVIDENCE_META_KEY]: evidence }),
    ...flaggedMeta(marks),
  };
  return Object.keys(meta).length === 0 ? { contents } : { contents, _meta: meta };
}

/** The proxy's own line for a binary item: its media type and size, never its bytes. */
function withheldLine(item: Record<string, unknown>): string {
  const size = typeof item.blob === 'string' ? Math.floor((item.blob.length * 3) / 4) : 0;
  const type = typeof item.mimeType === 'string' && MEDIA_TYPE.test(item.mimeType) ? item.mimeType : 'binary';
  return `[Airlock: ${type} content of about ${String(size)} bytes withheld.]`;
}
