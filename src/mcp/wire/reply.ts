// The raw reply a response message carries for the adapter: its `result` member's exact bytes, or its `error`'s.
import { memberNamed, scanObject, type ScannedObject } from './member-scan.js';
import type { WireReply } from './types.js';

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * The reply in a response message, sliced from its bytes without decoding: the `result` member (and whether
 * it failed: `isError: true`, or, from protocol revision 2026-07-28 on, a `resultType` other than `complete`,
 * such as a server asking for input the adapter cannot give), else the `error` member; `failed` when the
 * message holds neither, or both (JSON-RPC forbids it: such a response says nothing a caller can trust).
 */
export function replyOf(bytes: Uint8Array, scanned: ScannedObject): WireReply {
  const result = memberNamed(scanned, 'result');
  const error = memberNamed(scanned, 'error');
  if (result !== undefined && error !== undefined) return { kind: 'failed' };
  if (result !== undefined) {
    const body = bytes.subarray(result.start, result.end);
    const members = scanObject(body);
    const isError =
      members !== undefined &&
      (literal(body, members, 'isError') === 'true' ||
        !['"complete"', undefined].includes(literal(body, members, 'resultType')));
    return { kind: 'result', bytes: body, isError };
  }
  return error === undefined
    ? { kind: 'failed' }
    : { kind: 'error', bytes: bytes.subarray(error.start, error.end) };
}

/** A member's value as written (short literals only: longer values are not compared). */
function literal(body: Uint8Array, members: ScannedObject, name: string): string | undefined {
  const member = memberNamed(members, name);
  if (member === undefined) return undefined;
  return member.end - member.start > 64 ? '' : decoder.decode(body.subarray(member.start, member.end));
}
