// guardedFetch against real servers: every redirect hop re-checked by checkUrl and at connect time.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { createEgressDispatcher } from '../../src/egress/dispatcher.js';
import { EgressBlockedError } from '../../src/egress/errors.js';
import { guardedFetch } from '../../src/egress/guarded-fetch.js';
import { defineEgressPolicy, type EgressPolicy } from '../../src/egress/policy.js';
import { startServer, tableLookup, type TestServer } from './servers.js';

let origin: TestServer;
let target: TestServer;
let policy: EgressPolicy;
let dispatcher: Dispatcher;

/** The origin server: `/to?location=…&status=…` redirects, `/loop` redirects to itself, `/` answers. */
function respondAsOrigin(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://origin.invalid');
  if (url.pathname === '/to') {
    response.writeHead(Number(url.searchParams.get('status') ?? 302), {
      location: url.searchParams.get('location') ?? '',
    });
    response.end('moved');
  } else if (url.pathname === '/loop') {
    response.writeHead(302, { location: '/loop' });
    response.end();
  } else {
    response.end('origin');
  }
}

beforeAll(async () => {
  origin = await startServer(respondAsOrigin);
  target = await startServer((_request, response) => response.end('target'));
  policy = defineEgressPolicy({
    schemes: ['http'],
    ports: [origin.port, target.port, 80],
    ipLiterals: 'allow',
    addressClasses: ['public', 'loopback'],
  });
  const { lookup } = tableLookup({
    'internal-api.example.net': ['10.20.30.40'],
    'target.example.net': ['127.0.0.1'],
  });
  dispatcher = createEgressDispatcher(policy, { lookup });
});
afterAll(async () => {
  await dispatcher.close();
  await Promise.all([origin.close(), target.close()]);
});

function redirectTo(location: string, status = 302): string {
  return `${origin.origin}/to?${new URLSearchParams({ location, status: String(status) }).toString()}`;
}

async function refusal(promise: Promise<unknown>): Promise<EgressBlockedError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EgressBlockedError);
  return error as EgressBlockedError;
}

describe('guardedFetch', () => {
  it('blocks the loopback server under the default policy before connecting', async () => {
    const before = origin.requests.length;
    expect(await refusal(guardedFetch(`${origin.origin}/`))).toMatchObject({
      code: 'scheme',
      phase: 'url',
      hop: 0,
    });
    expect(await refusal(guardedFetch('javascript:alert(1)'))).toMatchObject({
      code: 'scheme',
      phase: 'url',
    });
    expect(origin.requests.length).toBe(before);
  });

  it('follows an allowed redirect and returns the last response', async () => {
    const response = await guardedFetch(redirectTo(`${target.origin}/landing`), {}, policy, { dispatcher });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('target');
    expect(response.url).toBe(`${target.origin}/landing`);
  });

  it('resolves a relative Location against the URL that redirected', async () => {
    const response = await guardedFetch(redirectTo('/plain'), {}, policy, { dispatcher });
    expect(await response.text()).toBe('origin');
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://[::ffff:10.0.0.1]/', 'private_address'],
    ['http://user:pass@127.0.0.1/', 'credentials'],
    ['http://localhost/', 'blocked_name'],
    ['file:///etc/passwd', 'scheme'],
    ['http://127.0.0.1:1/', 'port'],
  ])('blocks a redirect from the allowed server to %s (%s) before connecting', async (location, code) => {
    const error = await refusal(guardedFetch(redirectTo(location), {}, policy, { dispatcher }));
    expect(error).toMatchObject({ code, phase: 'redirect', hop: 1 });
  });

  it('blocks a redirect to a name that resolves to a private address, at connect time', async () => {
    const location = `http://internal-api.example.net:${target.port}/`;
    const error = await refusal(guardedFetch(redirectTo(location), {}, policy, { dispatcher }));
    expect(error).toMatchObject({
      code: 'private_address',
      phase: 'connect',
      hop: 1,
      addressClass: 'private',
    });
  });

  it('follows a redirect to a name the policy and the resolver allow', async () => {
    const response = await guardedFetch(redirectTo(`http://target.example.net:${target.port}/`), {}, policy, {
      dispatcher,
    });
    expect(await response.text()).toBe('target');
  });

  it('stops after the redirect limit', async () => {
    const error = await refusal(
      guardedFetch(`${origin.origin}/loop`, {}, policy, { dispatcher, maxRedirects: 3 }),
    );
    expect(error).toMatchObject({ code: 'redirect_limit', phase: 'redirect', hop: 4 });
  });

  it('turns POST into GET on 303, and drops Authorization on a cross-origin hop only', async () => {
    const init = { method: 'POST', body: 'payload', headers: { authorization: 'Bearer token' } };
    const before = target.requests.length;
    await guardedFetch(redirectTo(`${target.origin}/after-post`, 303), init, policy, { dispatcher });
    expect(target.requests.slice(before)).toEqual([
      { method: 'GET', path: '/after-post', authorization: undefined, body: '' },
    ]);
    const sameOrigin = origin.requests.length;
    await guardedFetch(redirectTo('/same', 307), init, policy, { dispatcher });
    expect(origin.requests.slice(sameOrigin).at(-1)).toEqual({
      method: 'POST',
      path: '/same',
      authorization: 'Bearer token',
      body: 'payload',
    });
  });

  it('returns the redirect itself with redirect: "manual", and rejects with redirect: "error"', async () => {
    const manual = await guardedFetch(redirectTo(`${target.origin}/`), { redirect: 'manual' }, policy, {
      dispatcher,
    });
    expect(manual.status).toBe(302);
    await expect(
      guardedFetch(redirectTo(`${target.origin}/`), { redirect: 'error' }, policy, { dispatcher }),
    ).rejects.toThrow(TypeError);
  });

  it('refuses a dispatcher that does not enforce the same policy', async () => {
    const other = createEgressDispatcher();
    await expect(guardedFetch(`${origin.origin}/`, {}, policy, { dispatcher: other })).rejects.toThrow(
      TypeError,
    );
    await other.close();
  });
});
