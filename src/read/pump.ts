// Pulls a body chunk by chunk under the raw ceiling, the decoded ceiling and the deadline, stopping at the first crossed.
import type { ContentEncoding } from '../vocabulary/limits.js';
import type { ChunkSource } from './chunks.js';
import { ByteCollector } from './collector.js';
import type { Deadline, StopCode } from './deadline.js';
import { createBoundedInflater, type BoundedInflater } from './inflate.js';
import { readError, type ReadError } from './result.js';

/** How to read one body. */
export interface PumpPlan {
  /** The most bytes that may be received. */
  readonly rawLimit: number;
  /** The code for crossing `rawLimit` (`read.decompressed_too_large` when the transport already decoded). */
  readonly rawCode: 'read.too_large' | 'read.decompressed_too_large';
  /** The coding to undo and the ceiling on its output; absent to collect the raw bytes only, as evidence. */
  readonly decode?: { readonly coding: ContentEncoding; readonly maxDecodedBytes: number };
}

/** The bytes received (and decoded), or the first limit crossed with the evidence received until then. */
export type Pumped =
  | { readonly ok: true; readonly raw: Uint8Array; readonly decoded: Uint8Array }
  | { readonly ok: false; readonly error: ReadError; readonly raw: Uint8Array };

/**
 * Reads a source to its end. Each chunk is counted before it is kept and fed to the inflater before the next
 * one is pulled, so at most one chunk lies beyond a ceiling when it is crossed. On any failure the source is
 * cancelled and zlib destroyed at once.
 */
export async function pumpBody(source: ChunkSource, plan: PumpPlan, deadline: Deadline): Promise<Pumped> {
  const raw = new ByteCollector(plan.rawLimit);
  const coding = plan.decode?.coding ?? 'identity';
  const inflater =
    plan.decode !== undefined && coding !== 'identity'
      ? createBoundedInflater(coding, plan.decode.maxDecodedBytes)
      : undefined;
  const error = await drain(source, raw, inflater, plan, deadline);
  if (error !== undefined) {
    source.cancel();
    inflater?.destroy();
    return { ok: false, error, raw: raw.join() };
  }
  const received = raw.join();
  return { ok: true, raw: received, decoded: inflater === undefined ? received : inflater.output() };
}

async function drain(
  source: ChunkSource,
  raw: ByteCollector,
  inflater: BoundedInflater | undefined,
  plan: PumpPlan,
  deadline: Deadline,
): Promise<ReadError | undefined> {
  for (;;) {
    const step = await deadline.race(source.next());
    if (step.kind === 'stopped') return stopError(step.code, deadline);
    if (step.kind === 'error') return readError('read.stream_error', { offset: raw.total });
    if (step.value.done === true) break;
    const chunk: unknown = step.value.value;
    if (!(chunk instanceof Uint8Array)) return readError('read.unsupported_input', { offset: raw.total });
    if (!raw.add(chunk)) return readError(plan.rawCode, { limit: plan.rawLimit, actual: raw.total });
    if (plan.decode === undefined) continue;
    if (inflater === undefined) {
      const { maxDecodedBytes } = plan.decode;
      if (raw.total > maxDecodedBytes) {
        return readError('read.decompressed_too_large', { limit: maxDecodedBytes, actual: raw.total });
      }
      continue;
    }
    const fed = await inflaterStep(inflater.write(chunk), inflater, deadline);
    if (fed !== undefined) return fed;
  }
  return inflater === undefined ? undefined : inflaterStep(inflater.end(), inflater, deadline);
}

/** Waits for one inflater step under the deadline; the failure it ended with, if any. */
async function inflaterStep(
  step: Promise<void>,
  inflater: BoundedInflater,
  deadline: Deadline,
): Promise<ReadError | undefined> {
  const raced = await deadline.race(step);
  if (raced.kind === 'stopped') return stopError(raced.code, deadline);
  const failure = inflater.failure();
  if (failure === undefined) return undefined;
  const { code, ...details } = failure;
  return readError(code, details);
}

function stopError(code: StopCode, deadline: Deadline): ReadError {
  return code === 'read.timeout' ? readError(code, { limit: deadline.timeoutMs }) : readError(code);
}
