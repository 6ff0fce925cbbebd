// What becomes of a message over the receive ceiling: the request it answers fails as too large, nobody parses it.
import { idOf, memberNamed, scanLastMember, scanObject } from './member-scan.js';
import type { WireId } from './json-rpc.js';
import { AIRLOCK_ID_PREFIX, type Frame, type WireReply } from './types.js';

/** Where an oversized message can go. */
export interface OversizedRoutes {
  /** The adapter's pending request with this id, if any. */
  ours(id: string): { settle(reply: WireReply): void } | undefined;
  /** Fails the SDK's request with this id (an error reply in place of the message). */
  toSdk(id: WireId, actual: number): void;
  /** Reports a message that answers no known request (it is dropped). */
  drop(error: Error): void;
}

/**
 * Finds the request an oversized message answers from what was kept of it: its `id` read forwards from the
 * head (a sender that writes `id` first) or backwards from the tail (the SDK writes it last), else the
 * request the link says it answers. The adapter's own request gets the head of the reply's `result` as
 * evidence (sliced where the `result` value starts, when the head shows it); an SDK request gets an error
 * reply with code `RESULT_TOO_LARGE_CODE`; anything else is dropped and reported without its content.
 */
export function routeOversized(
  frame: Extract<Frame, { kind: 'oversized' }>,
  limit: number,
  routes: OversizedRoutes,
): void {
  const scanned = scanObject(frame.head);
  let id = scanned === undefined ? undefined : idOf(frame.head, memberNamed(scanned, 'id'));
  if (id === undefined) {
    const last = scanLastMember(frame.tail);
    if (last?.name === 'id') id = idOf(frame.tail, last);
  }
  id ??= frame.replyTo;
  const request = typeof id === 'string' ? routes.ours(id) : undefined;
  if (request !== undefined) {
    const result = scanned === undefined ? undefined : resultStart(scanned);
    const head = result === undefined ? frame.head : frame.head.subarray(result);
    request.settle({ kind: 'too_large', head, total: frame.total, limit });
    return;
  }
  if (id !== undefined && !(typeof id === 'string' && id.startsWith(AIRLOCK_ID_PREFIX))) {
    routes.toSdk(id, frame.total);
    return;
  }
  routes.drop(
    new Error(`A ${String(frame.total)}-byte message was over the ${String(limit)}-byte ceiling; dropped.`),
  );
}

function resultStart(scanned: NonNullable<ReturnType<typeof scanObject>>): number | undefined {
  if (scanned.open?.name === 'result') return scanned.open.start;
  return memberNamed(scanned, 'result')?.start;
}
