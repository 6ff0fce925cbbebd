// What the gate is given for an MCP call that ended without a usable result: the reply's own bytes where there are any.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { failedTransportInput } from '../calls/transport-failure.js';
import type { RawInput } from '../read/input.js';
import { RESULT_TOO_LARGE_CODE, type BoundedTransport } from './bounded-transport.js';

/** SDK error codes that mean the transport failed, not the server: worth another attempt. */
const TRANSPORT_CODES: readonly number[] = Object.freeze([
  ErrorCode.RequestTimeout,
  ErrorCode.ConnectionClosed,
]);

/**
 * The raw input standing for a failed `tools/call`, so the gate still ends it as one audited outcome:
 * - a reply the bounded transport replaced for its size: the reply's own text, which the read stage refuses as
 *   `read.too_large` (`result_too_large`), keeping its first bytes as evidence;
 * - a JSON-RPC error from the server: the error as a tool error (`upstream_error`, not retryable), its JSON
 *   kept as evidence only;
 * - a timeout, a lost connection, anything else: a transport failure (`upstream_error`, retryable).
 */
export function failureInput(error: unknown, transport: BoundedTransport | undefined): RawInput {
  if (!(error instanceof McpError)) return failedTransportInput();
  if (error.code === RESULT_TOO_LARGE_CODE && transport !== undefined) {
    const token = (error.data as { token?: unknown } | undefined)?.token;
    const text = typeof token === 'string' ? transport.takeOversized(token) : undefined;
    if (text !== undefined) return text;
  }
  if (TRANSPORT_CODES.includes(error.code)) return failedTransportInput();
  const body = JSON.stringify({ code: error.code, message: error.message, data: error.data ?? null });
  return { body, toolError: true, contentType: 'application/json' };
}
