// guardedFetch: fetch under the egress policy, following redirects by hand so every hop is checked again.
import type { Dispatcher } from 'undici';
import { checkUrl } from './check-url.js';
import { createEgressDispatcher, egressDispatcherPolicy } from './dispatcher.js';
import { EgressBlockedError } from './errors.js';
import { assertEgressPolicy, DEFAULT_EGRESS_POLICY, type EgressPolicy } from './policy.js';

/** Options of {@link guardedFetch}. */
export interface GuardedFetchOptions {
  /** Most redirects followed (default 5); one more is an `EgressBlockedError` with code `redirect_limit`. */
  readonly maxRedirects?: number;
  /** A dispatcher from `createEgressDispatcher` for the same policy (default: one shared per policy). */
  readonly dispatcher?: Dispatcher;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Request headers that must not follow a redirect to another origin (the Fetch Standard drops Authorization). */
const CREDENTIAL_HEADERS = Object.freeze(['authorization', 'cookie', 'proxy-authorization']);
const BODY_HEADERS = Object.freeze([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
]);
const sharedDispatchers = new WeakMap<EgressPolicy, Dispatcher>();

/**
 * `fetch` under an egress policy, with Node's global `fetch`. Each hop — the first URL and every redirect
 * target, resolved against the URL that redirected — passes `checkUrl`, and every connection passes the
 * connect-time guard (resolved addresses re-checked, so DNS rebinding fails). Redirects follow the Fetch
 * Standard: 303, and 301/302 after POST, become GET without a body; credentials headers are dropped on a
 * cross-origin hop; a streamed body cannot be replayed to a 307/308 target. `redirect: 'manual'` returns the
 * first redirect response unfollowed, `redirect: 'error'` rejects on it. Refusals reject with an
 * `EgressBlockedError`; network failures reject as `fetch` does.
 */
export async function guardedFetch(
  input: string,
  init: RequestInit = {},
  policy: EgressPolicy = DEFAULT_EGRESS_POLICY,
  options: GuardedFetchOptions = {},
): Promise<Response> {
  assertEgressPolicy(policy);
  const dispatcher = dispatcherFor(policy, options.dispatcher);
  const maxRedirects = options.maxRedirects ?? 5;
  if (!Number.isInteger(maxRedirects) || maxRedirects < 0)
    throw new TypeError('maxRedirects must be an integer ≥ 0.');
  const first = checkUrl(input, policy);
  if (!first.allowed) throw new EgressBlockedError(first.reason, { phase: 'url' });
  let href = first.href;
  let hopInit = init;
  for (let hop = 0; ; hop++) {
    const response = await send(href, hopInit, dispatcher, hop);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null || init.redirect === 'manual')
      return response;
    await response.body?.cancel();
    if (init.redirect === 'error')
      throw new TypeError('fetch failed: redirect refused by redirect mode "error"');
    if (hop >= maxRedirects)
      throw new EgressBlockedError('redirect_limit', { phase: 'redirect', hop: hop + 1 });
    const next = checkUrl(location, policy, { base: href });
    if (!next.allowed) throw new EgressBlockedError(next.reason, { phase: 'redirect', hop: hop + 1 });
    hopInit = redirectInit(hopInit, response.status, href, next.href);
    href = next.href;
  }
}

function dispatcherFor(policy: EgressPolicy, given: Dispatcher | undefined): Dispatcher {
  if (given !== undefined) {
    if (egressDispatcherPolicy(given) !== policy) {
      throw new TypeError(
        'guardedFetch needs a dispatcher made by createEgressDispatcher for the same policy.',
      );
    }
    return given;
  }
  let shared = sharedDispatchers.get(policy);
  if (shared === undefined) {
    shared = createEgressDispatcher(policy);
    sharedDispatchers.set(policy, shared);
  }
  return shared;
}

async function send(href: string, init: RequestInit, dispatcher: Dispatcher, hop: number): Promise<Response> {
  try {
    return await fetch(href, { ...init, redirect: 'manual', dispatcher } as RequestInit);
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (!(cause instanceof EgressBlockedError)) throw error;
    const context = cause.addressClass === undefined ? {} : { addressClass: cause.addressClass };
    throw new EgressBlockedError(cause.code, { phase: 'connect', hop, ...context });
  }
}

/** The request for the next hop, per the Fetch Standard's HTTP-redirect fetch. */
function redirectInit(init: RequestInit, status: number, from: string, to: string): RequestInit {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  const next: RequestInit = { ...init, headers };
  if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
    next.method = 'GET';
    next.body = null;
    for (const name of BODY_HEADERS) headers.delete(name);
  } else if (init.body instanceof ReadableStream) {
    throw new TypeError('fetch failed: a streamed request body cannot be resent to a redirect target');
  }
  if (new URL(to).origin !== new URL(from).origin) {
    for (const name of CREDENTIAL_HEADERS) headers.delete(name);
  }
  return next;
}
