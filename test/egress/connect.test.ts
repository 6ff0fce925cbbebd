// Connect-time egress against real servers: the undici dispatcher, the http agents and the lookup guard.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup } from '../../src/egress/connect-guard.js';
import { createEgressDispatcher } from '../../src/egress/dispatcher.js';
import { EgressBlockedError } from '../../src/egress/errors.js';
import { createEgressHttpAgent, createEgressHttpsAgent } from '../../src/egress/http-agent.js';
import { defineEgressPolicy, type EgressPolicy } from '../../src/egress/policy.js';
import { fetchFailure, startServer, tableLookup, type TestServer } from './servers.js';

let server: TestServer;
let publicOnly: EgressPolicy;
let loopbackAllowed: EgressPolicy;

beforeAll(async () => {
  server = await startServer((_request, response) => response.end('reached'));
  // Plain HTTP on the server's port, every other default kept: public addresses only.
  publicOnly = defineEgressPolicy({ schemes: ['http'], ports: [server.port], ipLiterals: 'allow' });
  loopbackAllowed = defineEgressPolicy({
    schemes: ['http'],
    ports: [server.port],
    ipLiterals: 'allow',
    addressClasses: ['public', 'loopback'],
  });
});
afterAll(() => server.close());

function expectBlocked(error: unknown, code: string, addressClass?: string): void {
  expect(error).toBeInstanceOf(EgressBlockedError);
  expect(error).toMatchObject({
    code,
    phase: 'connect',
    ...(addressClass === undefined ? {} : { addressClass }),
  });
  expect((error as Error).message).not.toContain('127.0.0.1');
}

/** Runs `http.get` through an agent and resolves with the body or the request error. */
function httpGet(url: string, agent: http.Agent): Promise<{ body: string } | { error: unknown }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ body });
      });
    });
    request.on('error', (error) => {
      resolve({ error });
    });
  });
}

describe('createEgressDispatcher with Node 20’s global fetch', () => {
  it('blocks a loopback server by default, before any request reaches it', async () => {
    const before = server.requests.length;
    const dispatcher = createEgressDispatcher();
    const failure = await fetchFailure(fetch(`${server.origin}/`, { dispatcher } as RequestInit));
    expectBlocked(failure, 'scheme');
    const plain = createEgressDispatcher(publicOnly);
    expectBlocked(
      await fetchFailure(fetch(`${server.origin}/`, { dispatcher: plain } as RequestInit)),
      'private_address',
      'loopback',
    );
    expect(server.requests.length).toBe(before);
    await Promise.all([dispatcher.close(), plain.close()]);
  });

  it('reaches it when the policy allows loopback (the undici 7 dispatcher drives the bundled fetch)', async () => {
    const dispatcher = createEgressDispatcher(loopbackAllowed);
    const response = await fetch(`${server.origin}/ok`, { dispatcher } as RequestInit);
    expect(await response.text()).toBe('reached');
    await dispatcher.close();
  });

  it('refuses a port the policy does not list, at connect time', async () => {
    const other = defineEgressPolicy({
      schemes: ['http'],
      ports: [server.port + 1],
      ipLiterals: 'allow',
      addressClasses: ['loopback'],
    });
    const dispatcher = createEgressDispatcher(other);
    expectBlocked(await fetchFailure(fetch(`${server.origin}/`, { dispatcher } as RequestInit)), 'port');
    await dispatcher.close();
  });

  it('blocks a public-looking name that resolves to loopback (DNS rebinding)', async () => {
    const { lookup, asked } = tableLookup({ 'rebind.example.net': ['127.0.0.1'] });
    const dispatcher = createEgressDispatcher(publicOnly, { lookup });
    const url = `http://rebind.example.net:${server.port}/`;
    expectBlocked(
      await fetchFailure(fetch(url, { dispatcher } as RequestInit)),
      'private_address',
      'loopback',
    );
    expect(asked).toEqual(['rebind.example.net']);
    const allowing = createEgressDispatcher(loopbackAllowed, { lookup });
    expect(await (await fetch(url, { dispatcher: allowing } as RequestInit)).text()).toBe('reached');
    await Promise.all([dispatcher.close(), allowing.close()]);
  });

  it('blocks when any one of several answers is private, whichever the socket would try first', async () => {
    const { lookup } = tableLookup({ 'mixed.example.net': ['8.8.8.8', '::ffff:127.0.0.1'] });
    const dispatcher = createEgressDispatcher(publicOnly, { lookup });
    const failure = await fetchFailure(
      fetch(`http://mixed.example.net:${server.port}/`, { dispatcher } as RequestInit),
    );
    expectBlocked(failure, 'private_address', 'loopback');
    await dispatcher.close();
  });

  it('blocks a metadata address behind a name under every policy', async () => {
    const { lookup } = tableLookup({ 'meta.example.net': ['169.254.169.254'] });
    const everything = defineEgressPolicy({
      schemes: ['http'],
      ports: [80],
      addressClasses: ['public', 'linkLocal'],
    });
    const dispatcher = createEgressDispatcher(everything, { lookup });
    expectBlocked(
      await fetchFailure(fetch('http://meta.example.net/', { dispatcher } as RequestInit)),
      'metadata',
    );
    await dispatcher.close();
  });
});

describe('createEgressDispatcher with undici’s own fetch', () => {
  it('blocks by default and allows loopback when the policy does', async () => {
    const blocked = createEgressDispatcher(publicOnly);
    expectBlocked(
      await fetchFailure(undiciFetch(`${server.origin}/`, { dispatcher: blocked })),
      'private_address',
    );
    const allowed = createEgressDispatcher(loopbackAllowed);
    expect(await (await undiciFetch(`${server.origin}/`, { dispatcher: allowed })).text()).toBe('reached');
    await Promise.all([blocked.close(), allowed.close()]);
  });
});

describe('createEgressHttpAgent with http.get', () => {
  it('blocks the loopback server by default and under a public-only policy', async () => {
    expect(await httpGet(`${server.origin}/`, createEgressHttpAgent())).toMatchObject({
      error: { code: 'scheme' },
    });
    const result = await httpGet(`${server.origin}/`, createEgressHttpAgent(publicOnly));
    expect('error' in result && result.error).toBeInstanceOf(EgressBlockedError);
    expect(result).toMatchObject({ error: { code: 'private_address', addressClass: 'loopback' } });
  });

  it('allows it when the policy allows loopback', async () => {
    expect(await httpGet(`${server.origin}/`, createEgressHttpAgent(loopbackAllowed))).toEqual({
      body: 'reached',
    });
  });

  it('checks every resolved address of a name', async () => {
    const { lookup } = tableLookup({ 'rebind.example.net': ['127.0.0.1'] });
    const url = `http://rebind.example.net:${server.port}/`;
    expect(await httpGet(url, createEgressHttpAgent(publicOnly, { lookup }))).toMatchObject({
      error: { code: 'private_address' },
    });
    expect(await httpGet(url, createEgressHttpAgent(loopbackAllowed, { lookup }))).toEqual({
      body: 'reached',
    });
  });

  it('refuses a Unix socket path, which has no host to check', async () => {
    const agent = createEgressHttpAgent(loopbackAllowed);
    const result = await new Promise<unknown>((resolve) => {
      const request = http.get({ socketPath: '/nonexistent.sock', path: '/', agent }, () => {
        resolve('connected');
      });
      request.on('error', resolve);
    });
    expect(result).toMatchObject({ code: 'unparseable' });
  });
});

describe('createEgressHttpsAgent with https.get', () => {
  function httpsGet(url: string, agent: https.Agent): Promise<unknown> {
    return new Promise((resolve) => {
      const request = https.get(url, { agent }, () => {
        resolve('connected');
      });
      request.on('error', resolve);
    });
  }

  it('refuses a loopback literal under the default policy, before any TLS handshake', async () => {
    const before = server.requests.length;
    expect(await httpsGet(`https://127.0.0.1:${server.port}/`, createEgressHttpsAgent())).toMatchObject({
      code: 'private_address',
      addressClass: 'loopback',
    });
    expect(server.requests.length).toBe(before);
  });

  it('resolves names through the guarded lookup', async () => {
    const { lookup, asked } = tableLookup({ 'secure.example.net': ['10.9.8.7'] });
    const agent = createEgressHttpsAgent(undefined, { lookup });
    expect(await httpsGet('https://secure.example.net/', agent)).toMatchObject({ code: 'private_address' });
    expect(asked).toEqual(['secure.example.net']);
  });
});

describe('guardedLookup with net.connect', () => {
  function connect(host: string, policy: EgressPolicy, lookup: net.LookupFunction): Promise<unknown> {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port: server.port, lookup: guardedLookup(policy, lookup) });
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', resolve);
    });
  }

  it('fails the connection when the name resolves to loopback, and connects when loopback is allowed', async () => {
    const { lookup } = tableLookup({ 'svc.example.net': ['127.0.0.1'] });
    expect(await connect('svc.example.net', publicOnly, lookup)).toMatchObject({ code: 'private_address' });
    expect(await connect('svc.example.net', loopbackAllowed, lookup)).toBe('connected');
  });

  it('refuses blocked names without resolving them', async () => {
    const { lookup, asked } = tableLookup({ localhost: ['127.0.0.1'] });
    expect(await connect('localhost', loopbackAllowed, lookup)).toMatchObject({ code: 'blocked_name' });
    expect(asked).toEqual([]);
  });
});
