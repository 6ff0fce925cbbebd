// Fresh request ids for adapted tool calls: unguessable, and of the shape every result envelope binds.

/** Random bytes in each request id: 128 bits, so no upstream can guess the id of another call. */
const REQUEST_ID_BYTES = 16;

/** The prefix of every request id an adapter creates. */
const REQUEST_ID_PREFIX = 'req.';

/**
 * A new request id: `req.` and 32 lower-case hex digits from the platform CSPRNG. It matches
 * `REQUEST_ID_PATTERN` (`^[A-Za-z0-9][A-Za-z0-9_.]{7,63}$`), so envelope contracts can bind it.
 */
export function newRequestId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(REQUEST_ID_BYTES));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return REQUEST_ID_PREFIX + hex;
}
