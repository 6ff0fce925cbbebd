// The HTTP headers of one message: what its 2026-07-28 envelope implies (version, method, name), and the caller's extras.
import { META } from './era.js';
import type { JsonRpcMessage } from './json-rpc.js';

/** Headers the transport sets itself; the extra headers of a message cannot replace them. */
const RESERVED = new Set([
  'accept',
  'authorization',
  'content-type',
  'dpop',
  'mcp-method',
  'mcp-name',
  'mcp-protocol-version',
  'mcp-session-id',
]);

/** The `params` member that `Mcp-Name` mirrors, by method. */
const NAME_SOURCE: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    'tools/call': 'name',
    'prompts/get': 'name',
    'resources/read': 'uri',
    'tasks/get': 'taskId',
    'tasks/update': 'taskId',
    'tasks/cancel': 'taskId',
  }),
);

const BASE64_OPEN = '=?base64?';
const BASE64_CLOSE = '?=';
const PLAIN_VALUE = /^[\t\x20-\x7e]+$/;

/**
 * Sets on `headers` what `message` asks for: its `extra` headers (except those the transport owns), then,
 * for a request whose `_meta` carries a protocol revision (the 2026-07-28 envelope, which a server checks
 * its headers against), `MCP-Protocol-Version` from it, `Mcp-Method`, and `Mcp-Name` for the methods that
 * name a tool, prompt, resource or task. A request without an envelope gets none of these.
 */
export function setMessageHeaders(
  headers: Headers,
  message: JsonRpcMessage,
  extra: Readonly<Record<string, string>> | undefined,
): void {
  for (const [name, value] of Object.entries(extra ?? {}))
    if (!RESERVED.has(name.toLowerCase())) headers.set(name, value);
  const params = message.params as Readonly<Record<string, unknown>> | undefined;
  const meta = params?._meta as Readonly<Record<string, unknown>> | undefined;
  const version = meta?.[META.protocolVersion];
  if (message.id === undefined || message.id === null || message.method === undefined) return;
  if (typeof version !== 'string') return;
  headers.set('mcp-protocol-version', version);
  headers.set('mcp-method', message.method);
  const field = NAME_SOURCE[message.method];
  const name = field === undefined ? undefined : params?.[field];
  if (typeof name === 'string') headers.set('mcp-name', fieldValue(name));
}

/**
 * A string as an HTTP field value: unchanged when it is visible ASCII without surrounding spaces, else (or
 * when it already looks encoded) `=?base64?…?=` around the Base64 of its UTF-8, as the protocol asks.
 */
export function fieldValue(value: string): string {
  const encoded = value.startsWith(BASE64_OPEN) && value.endsWith(BASE64_CLOSE);
  if (PLAIN_VALUE.test(value) && value === value.trim() && !encoded) return value;
  return `${BASE64_OPEN}${Buffer.from(value, 'utf8').toString('base64')}${BASE64_CLOSE}`;
}
