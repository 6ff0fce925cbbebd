// Airlock's tool profile for agent-egress-bench: the capabilities it claims and the transports and features it has.

/**
 * The capability tags Airlock claims. `ssrf` and `ssrf_bypass`: the egress policy (`checkUrl`, `guardedFetch`)
 * refuses private, loopback, link-local and metadata addresses in every spelling the WHATWG parser accepts.
 * `response_injection`: results pass the gate, and with the injection signal on (`instructions: 'report'`) a
 * result carrying instructions is flagged. `mcp_tool_poison`: tool definitions are pinned and cleaned, and
 * under first-use approval one whose cleaning changed anything or whose prose carries the injection signal
 * waits for a person. `benign`: every benign case whose other tags are claimed.
 */
export const CLAIMS: readonly string[] = Object.freeze([
  'ssrf',
  'ssrf_bypass',
  'response_injection',
  'mcp_tool_poison',
  'benign',
]);

/**
 * Transports and features. `fetch_proxy`: `guardedFetch` and the egress dispatcher decide every request an
 * application makes. `mcp_stdio` / `mcp_http`: `airlock proxy`. `response_scanning`: the gate. `mcp_tool_baseline`:
 * the tool registry's pins. Airlock is not an HTTP forward proxy, does not intercept TLS, and scans neither
 * outgoing bodies, headers, WebSocket frames, A2A messages nor shell commands.
 */
export const SUPPORTS: Readonly<Record<string, boolean>> = Object.freeze({
  fetch_proxy: true,
  http_proxy: false,
  mcp_stdio: true,
  mcp_http: true,
  websocket: false,
  tls_interception: false,
  request_body_scanning: false,
  header_scanning: false,
  response_scanning: true,
  mcp_tool_baseline: true,
  mcp_chain_memory: false,
  a2a: false,
  websocket_frame_scanning: false,
  a2a_scanning: false,
  shell_analysis: false,
  dns_rebinding_fixture: false,
});

/** The bench's applicability rule: every capability tag claimed, every requirement supported, and the transport too. */
export function applicable(tags: readonly string[], requires: readonly string[], transport: string): boolean {
  return (
    tags.every((tag) => CLAIMS.includes(tag)) &&
    requires.every((feature) => SUPPORTS[feature] === true) &&
    SUPPORTS[transport] === true
  );
}
