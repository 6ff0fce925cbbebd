// What the operator hears of the upstream: that it could not be started, or that it went away unasked.
import type { Upstream } from './connect.js';

/** Upstreams the proxy is closing: their end is expected, not news. */
const closing = new WeakSet<Upstream>();

/** Marks an upstream as closed on purpose: its end is not reported. */
export function closingOnPurpose(upstream: Upstream): void {
  closing.add(upstream);
}

/** Says when the upstream goes away unasked; calls then end as errors until the proxy is restarted. */
export function watchUpstream(upstream: Upstream, say: (line: string) => void): void {
  void upstream.closed.then(() => {
    if (!closing.has(upstream))
      say('the server closed its connection; calls fail until the proxy is restarted');
  });
}

/** The line saying the upstream could not be started or did not answer its handshake, and why in one word. */
export function startFailure(error: unknown): string {
  return `the server could not be started or did not answer (${errorCode(error)})`;
}

/** A system error code (`ENOENT` …) or the error's name, never its message (it may hold arguments). */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z_0-9]{1,32}$/.test(code)) return code;
  return error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
}
