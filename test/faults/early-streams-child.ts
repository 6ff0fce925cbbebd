// A process that feeds the gate streams failing at random moments around the pacing slice, and reports what it got.
import { createServer, request, type IncomingMessage } from 'node:http';
import { getEventListeners, setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import type { RawInput } from '../../src/read/input.js';
import { deploymentContract } from '../support/contracts.js';

// Usage: early-streams-child.ts CALLS CONCURRENCY SEED. Prints one JSON summary line on stdout; a stream error
// nobody listened to kills this process, which the parent sees as a non-zero exit.
const [calls = 20_000, concurrency = 64, seed = 1] = process.argv.slice(2).map(Number);

/** A small deterministic generator (mulberry32), so a failing run can be replayed with its seed. */
let state = seed >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** The detailed code of each call's audit record, by request id. */
const details = new Map<string, string | undefined>();
const gate = createGate({
  audit: {
    write(record) {
      details.set(record.requestId, record.issue?.code);
    },
  },
});
const tool = defineTool({ ...deploymentContract, limits: { read: { timeoutMs: 150 } } });
const valid = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });
const partial = '{"environment":"staging",';
/** A signal shared by every call that never fires: each call must remove what it added to it. */
const shared = new AbortController().signal;
setMaxListeners(concurrency + 1, shared);

/** Burns the current macrotask for `ms`, so the next accept finds the shared pacing slice spent. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs `action` at one of the moments that matter: this tick, the next turn, or a few milliseconds on. */
function soon(action: () => void): void {
  const when = pick(['tick', 'immediate', 'timer'] as const);
  if (when === 'tick') process.nextTick(action);
  else if (when === 'immediate') setImmediate(action);
  else setTimeout(action, Math.floor(random() * 9));
}

type Kind =
  'error' | 'emit-error' | 'throw-read' | 'end-early' | 'hang' | 'valid' | 'web-error' | 'http-reset';

/** What each kind of input must end as: the agent code, and for failing streams the detailed code. */
const EXPECTED: Record<Kind, { readonly code: string; readonly detail?: string }> = {
  error: { code: 'upstream_error', detail: 'read.stream_error' },
  'emit-error': { code: 'upstream_error', detail: 'read.stream_error' },
  'throw-read': { code: 'upstream_error', detail: 'read.stream_error' },
  'web-error': { code: 'upstream_error', detail: 'read.stream_error' },
  'http-reset': { code: 'upstream_error', detail: 'read.stream_error' },
  'end-early': { code: 'invalid_json' },
  hang: { code: 'timeout', detail: 'read.timeout' },
  valid: { code: 'ok' },
};
const KINDS = Object.keys(EXPECTED) as Kind[];

/** A server that sends the head of a JSON body and then resets the connection, as a failing upstream does. */
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
  res.write(partial);
  setTimeout(() => res.socket?.resetAndDestroy(), Math.floor(random() * 6));
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address() as AddressInfo;

function httpBody(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, resolve).on('error', reject).end();
  });
}

/** Builds one input and whatever must happen to it after `accept` has been called. */
async function input(kind: Kind): Promise<{ raw: RawInput; after: () => void; stream?: Readable }> {
  const nothing = (): void => undefined;
  switch (kind) {
    case 'valid':
      return {
        raw: Readable.from([Buffer.from(valid.slice(0, 9)), Buffer.from(valid.slice(9))]),
        after: nothing,
      };
    case 'end-early':
      return { raw: Readable.from([Buffer.from(partial)]), after: nothing };
    case 'hang': {
      const stream = new Readable({ read: nothing });
      return { raw: stream, stream, after: nothing };
    }
    case 'throw-read': {
      const stream = new Readable({
        read() {
          throw new Error('read failed');
        },
      });
      return { raw: stream, stream, after: nothing };
    }
    case 'web-error': {
      let fail: (error: Error) => void = nothing;
      const raw = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(partial));
          fail = (error) => {
            controller.error(error);
          };
        },
      });
      return {
        raw,
        after: () => {
          soon(() => {
            fail(new Error('reset'));
          });
        },
      };
    }
    case 'http-reset': {
      const stream = await httpBody();
      return { raw: stream, stream, after: nothing };
    }
    case 'error':
    case 'emit-error': {
      const stream = new Readable({ read: nothing });
      stream.push(partial);
      const fail =
        kind === 'error'
          ? () => stream.destroy(new Error('boom'))
          : () => stream.emit('error', new Error('boom'));
      return {
        raw: stream,
        stream,
        after: () => {
          soon(fail);
        },
      };
    }
  }
}

const mismatches: string[] = [];
const tally: Record<string, Record<string, number>> = {};
let maxErrorListeners = 0;
let done = 0;

async function one(index: number, kind: Kind): Promise<void> {
  const requestId = `req.load${String(index).padStart(8, '0')}`;
  const { raw, after, stream } = await input(kind);
  if (random() < 0.5) busy(6); // spend the shared slice, so accept pauses before its read
  const pending = gate.accept(tool, raw, { requestId }, { signal: shared });
  after();
  const outcome = await pending;
  const code = outcome.ok ? 'ok' : outcome.error.code;
  const detail = details.get(requestId);
  const byKind = (tally[kind] ??= {});
  byKind[code] = (byKind[code] ?? 0) + 1;
  const expected = EXPECTED[kind];
  if (code !== expected.code || (expected.detail !== undefined && detail !== expected.detail))
    mismatches.push(`${kind}: ${code} ${String(detail)}`);
  if (stream !== undefined) maxErrorListeners = Math.max(maxErrorListeners, stream.listenerCount('error'));
  done++;
}

/** Phase 1: the issue's reproduction, 20 rounds: a call spends the slice, then a stream fails on the next tick. */
let reproduced = 0;
for (let round = 0; round < 20; round++) {
  const first = gate.accept(tool, valid, { requestId: 'req.spend0001' });
  busy(8);
  const stream = new Readable({ read: () => undefined });
  stream.push('{"id":"a",');
  const pending = gate.accept(tool, stream, { requestId: `req.repro${String(round).padStart(4, '0')}` });
  const listenersAtReturn = stream.listenerCount('error');
  process.nextTick(() => stream.destroy(new Error('boom')));
  const [spent, failed] = await Promise.all([first, pending]);
  if (spent.ok && !failed.ok && failed.error.code === 'upstream_error' && listenersAtReturn > 0) reproduced++;
}

/** Phase 2: the mixed load pass. */
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < calls) {
      const index = next++;
      await one(index, pick(KINDS));
    }
  }),
);
server.close();
process.stdout.write(
  JSON.stringify({
    reproduced,
    calls: done,
    mismatches: mismatches.slice(0, 20),
    mismatchCount: mismatches.length,
    tally,
    maxErrorListeners,
    sharedAbortListeners: getEventListeners(shared, 'abort').length,
    seconds: Math.round(performance.now() - started) / 1000,
  }) + '\n',
);
