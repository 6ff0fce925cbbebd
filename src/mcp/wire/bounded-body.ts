// Reads an HTTP body under a ceiling: the whole body when it fits, else its head, with the rest left unread.

/** The body, or the first bytes of one over the ceiling and how many bytes had arrived when reading stopped. */
export type BoundedBody =
  | { readonly kind: 'complete'; readonly bytes: Uint8Array }
  | { readonly kind: 'over'; readonly head: Uint8Array; readonly total: number };

/**
 * Pulls chunks until the body ends or crosses `max`; then keeps pulling only until `headBytes` are held (so
 * the head crosses the ceiling by a margin the caller chose) and cancels the rest. The caller's fetch signal
 * bounds the time.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array>,
  max: number,
  headBytes: number,
): Promise<BoundedBody> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      total += value.length;
      if (total >= headBytes) break;
    }
  } finally {
    if (total > max) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(Buffer.concat(parts));
  if (total <= max) return { kind: 'complete', bytes };
  return { kind: 'over', head: bytes.subarray(0, headBytes), total };
}
