// The read stage: one raw tool result in, bounded and strictly decoded text (or a typed failure) out.
import type { ReadLimits } from '../vocabulary/limits.js';
import { checkReadLimits } from './check-limits.js';
import { openChunkSource, type ChunkSource } from './chunks.js';
import { startDeadline } from './deadline.js';
import { decodeUtf8, decodeUtf8Paced } from './decode.js';
import { pauseIfSpent } from '../walk/pacing.js';
import { holdInput } from './hold.js';
import type { ClassifiedInput, RawInput, TransportFacts } from './input.js';
import { pumpBody, type PumpPlan } from './pump.js';
import { readError, readFailure, type ReadResult } from './result.js';
import { readText } from './text.js';
import { checkTransport, type TransportVerdict } from './transport.js';

const NO_BYTES = new Uint8Array(0);

/**
 * Reads one tool result under `limits` and the caller's `signal`. Never throws on content: every input ends
 * as one {@link ReadResult}. Throws a TypeError only for malformed `limits` (a configuration error).
 *
 * Order: the input kind, then the transport facts (tool error flag, status, content type and charset,
 * content coding), then the body under the raw ceiling, the decoded ceiling and the time limit, then strict
 * UTF-8 with the BOM policy. A failure decided by the transport facts is final, but the body is still read
 * under the same ceilings so its evidence can be kept.
 *
 * A `Response` from `fetch` arrives already decompressed (undici undoes gzip, deflate and br as the body is
 * pulled, and keeps the Content-Encoding header). Such a body is never decompressed again: its bytes are
 * counted against `maxDecodedBytes` (crossing it is `read.decompressed_too_large`), the fetch implementation
 * stops inflating when the stream is cancelled, and `raw` holds the decoded bytes, the only form available.
 * A `Response` built with `new Response(...)` carries its body as given and is decompressed here.
 */
export async function readBody(
  input: RawInput,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<ReadResult> {
  const held = holdInput(input);
  try {
    return await readHeldInput(held.input, limits, signal);
  } finally {
    held.release();
  }
}

/**
 * {@link readBody} for an input already taken in charge by `holdInput` (the gate does so the moment `accept`
 * receives it, before it may pause). Throws a TypeError only for malformed `limits`.
 */
export async function readHeldInput(
  classified: ClassifiedInput,
  limits: ReadLimits,
  signal: AbortSignal | undefined,
): Promise<ReadResult> {
  checkReadLimits(limits);
  if (!classified.ok) return unsupported();
  const { body, facts } = classified;
  const verdict = checkTransport(facts, limits);
  if (body.kind === 'text') {
    // A string is already in memory: only a caller that aborted before the call can stop its read.
    const abortedEarly = verdict.ok && signal?.aborted === true;
    return abortedEarly
      ? readFailure(readError('read.aborted'), NO_BYTES)
      : readText(body.text, verdict, limits);
  }
  if (body.kind === 'bytes' && signal?.aborted !== true) {
    const inMemory = await readInMemory(body.bytes, verdict, limits, signal);
    if (inMemory !== undefined) return inMemory;
  }
  let source: ChunkSource;
  try {
    source = openChunkSource(body);
  } catch {
    return unsupported();
  }
  const deadline = startDeadline(limits.timeoutMs, signal);
  try {
    const pumped = await pumpBody(source, planFor(facts, verdict, limits), deadline);
    if (!verdict.ok) return readFailure(verdict.error, pumped.raw);
    if (!pumped.ok) return readFailure(pumped.error, pumped.raw);
    const decoded = decodeUtf8(pumped.decoded, limits.bom);
    if (!decoded.ok) return readFailure(readError(decoded.code, { offset: decoded.offset }), pumped.raw);
    return {
      ok: true,
      text: decoded.text,
      raw: pumped.raw,
      rawBytes: pumped.raw.length,
      decodedBytes: pumped.decoded.length,
    };
  } finally {
    deadline.dispose();
  }
}

/**
 * A byte array already in memory that no ceiling or coding concerns: one copy (the evidence) and one strict
 * decode (in pieces for a large body, letting the event loop turn), with the same result the chunked read
 * would give. `undefined` sends every other case (a refused transport, a content coding, a body past a
 * ceiling) down the chunked path, which decides it.
 */
async function readInMemory(
  bytes: Uint8Array,
  verdict: TransportVerdict,
  limits: ReadLimits,
  signal: AbortSignal | undefined,
): Promise<ReadResult | undefined> {
  if (!verdict.ok || verdict.coding !== 'identity') return undefined;
  if (bytes.length > limits.maxRawBytes || bytes.length > limits.maxDecodedBytes) return undefined;
  // `new Uint8Array(view)` copies (a Buffer's own `slice` would share memory).
  const raw = new Uint8Array(bytes);
  const decoded = await decodeUtf8Paced(raw, limits.bom, () => pauseIfSpent(signal));
  if (decoded === undefined) return readFailure(readError('read.aborted'), raw);
  if (!decoded.ok) return readFailure(readError(decoded.code, { offset: decoded.offset }), raw);
  return { ok: true, text: decoded.text, raw, rawBytes: raw.length, decodedBytes: raw.length };
}

/** The ceilings and coding for a body; a body the transport already refused is only collected as evidence. */
function planFor(facts: TransportFacts, verdict: TransportVerdict, limits: ReadLimits): PumpPlan {
  if (!verdict.ok) return { rawLimit: limits.maxRawBytes, rawCode: 'read.too_large' };
  const decode = { coding: verdict.coding, maxDecodedBytes: limits.maxDecodedBytes };
  if (facts.decodedByTransport && verdict.coding !== 'identity') {
    return {
      rawLimit: limits.maxDecodedBytes,
      rawCode: 'read.decompressed_too_large',
      decode: { ...decode, coding: 'identity' },
    };
  }
  return { rawLimit: limits.maxRawBytes, rawCode: 'read.too_large', decode };
}

function unsupported(): ReadResult {
  return readFailure(readError('read.unsupported_input'), NO_BYTES);
}
