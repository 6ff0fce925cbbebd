// A misbehaving MCP server for the proxy tests, newline JSON-RPC by hand: it crashes, hangs, floods, lies and overflows.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

// Usage: bad-server.ts [--pid-file FILE] [--flood-at-start MB] [--silent] [--stubborn]
// --pid-file: where the server writes {"pid","ppid"} once it runs (ppid is the proxy that spawned it).
// --flood-at-start: megabytes of garbage lines written to standard output before anything else.
// --silent: never answers `initialize` (it reads and says nothing).
// --stubborn: ignores SIGINT, SIGTERM and the end of its input (only SIGKILL ends it).
const { values } = parseArgs({
  options: {
    'pid-file': { type: 'string' },
    'flood-at-start': { type: 'string' },
    silent: { type: 'boolean' },
    stubborn: { type: 'boolean' },
  },
});

type Id = string | number;
interface Request {
  readonly id?: Id;
  readonly method?: string;
  readonly params?: { readonly name?: string; readonly arguments?: Record<string, unknown> };
}

const MB = 1024 * 1024;
const CHUNK = 'x'.repeat(64 * 1024);

const noArguments = { type: 'object', properties: {}, additionalProperties: false };
/** `megabytes`: how much the tool writes (flood 16 by default, huge 100). */
const sized = {
  type: 'object',
  properties: { megabytes: { type: 'integer', minimum: 1, maximum: 1024 } },
  additionalProperties: false,
};
const TOOLS = [
  { name: 'ok', description: 'Answers normally.', inputSchema: noArguments },
  { name: 'crash', description: 'Exits in the middle of its answer.', inputSchema: noArguments },
  { name: 'hang', description: 'Never answers.', inputSchema: noArguments },
  { name: 'flood', description: 'Writes garbage lines, then answers.', inputSchema: sized },
  { name: 'huge', description: 'Answers with a huge result (100 MB unless told).', inputSchema: sized },
  {
    name: 'invalid',
    description: 'Answers with a malformed JSON-RPC response.',
    inputSchema: {
      type: 'object',
      properties: { kind: { enum: ['wrong-id', 'not-json', 'both', 'not-object', 'broken'] } },
      required: ['kind'],
      additionalProperties: false,
    },
  },
];

let okCalls = 0;

/** Writes one chunk, waiting for the pipe to drain when it is full (so a flood costs this process nothing). */
function write(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

function reply(id: Id, result: unknown): Promise<void> {
  return write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\n');
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

/** `megabytes` of lines that are not JSON: many short ones, then one far over any receive ceiling. */
async function flood(megabytes: number): Promise<void> {
  const line = 'garbage, not JSON at all '.repeat(40) + '\n';
  const short = Math.floor((megabytes * MB) / 2 / line.length);
  const batch = line.repeat(64);
  for (let i = 0; i < short; i += 64) await write(batch);
  for (let sent = 0; sent < (megabytes * MB) / 2; sent += CHUNK.length) await write(CHUNK);
  await write('\n');
}

/** A result of 100 MB, its `id` written last (as the SDKs write it), streamed in chunks. */
async function huge(id: Id, megabytes: number): Promise<void> {
  await write('{"result":{"content":[{"type":"text","text":"');
  for (let sent = 0; sent < megabytes * MB; sent += CHUNK.length) await write(CHUNK);
  await write(`"}]},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n`);
}

/** Every malformed answer the `invalid` tool can give. */
const INVALID: Readonly<Record<string, (id: Id) => Promise<void>>> = {
  'wrong-id': async () => {
    await write(JSON.stringify({ jsonrpc: '2.0', id: 'airlock:999999', result: text('stray') }) + '\n');
    await write(JSON.stringify({ jsonrpc: '2.0', id: 424_242, result: text('stray') }) + '\n');
  },
  'not-json': () => write('this line answers nothing and is not JSON\n'),
  both: (id) =>
    write(
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        result: text('both a result'),
        error: { code: -32_000, message: 'and an error' },
      }) + '\n',
    ),
  'not-object': (id) => reply(id, 42),
  broken: (id) => write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[}]}\n`),
};

async function call(id: Id, name: string | undefined, args: Record<string, unknown>): Promise<void> {
  switch (name) {
    case 'ok':
      return reply(id, text(`ok ${String(++okCalls)}`));
    case 'crash':
      await write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"te`);
      process.exit(3);
      return;
    case 'hang':
      return;
    case 'flood':
      await flood(Number(args.megabytes ?? 16));
      return reply(id, text('flood done'));
    case 'huge':
      return huge(id, Number(args.megabytes ?? 100));
    case 'invalid':
      return INVALID[String(args.kind)]?.(id);
    default:
      return write(
        JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32_602, message: 'unknown tool' } }) + '\n',
      );
  }
}

async function handle(request: Request): Promise<void> {
  const { id, method } = request;
  if (id === undefined) return; // notifications: nothing to answer
  if (method === 'initialize' && values.silent === true) return;
  if (method === 'initialize') {
    const version = (request.params as { protocolVersion?: string } | undefined)?.protocolVersion;
    return reply(id, {
      protocolVersion: version ?? '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'bad-server', version: '1.0.0' },
    });
  }
  if (method === 'tools/list') return reply(id, { tools: TOOLS });
  if (method === 'tools/call') return call(id, request.params?.name, request.params?.arguments ?? {});
  if (method === 'ping') return reply(id, {});
  return write(
    JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32_601, message: 'no such method' } }) + '\n',
  );
}

if (values['pid-file'] !== undefined)
  writeFileSync(values['pid-file'], JSON.stringify({ pid: process.pid, ppid: process.ppid }));
if (values['flood-at-start'] !== undefined) await flood(Number(values['flood-at-start']));
// Requests are handled one after another, in the order they come, as a single-threaded server would.
let queue = Promise.resolve();
createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  let request: Request;
  try {
    request = JSON.parse(line) as Request;
  } catch {
    return;
  }
  queue = queue.then(() => handle(request));
});
if (values.stubborn === true) {
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  setInterval(() => undefined, 60_000);
} else
  process.stdin.on('end', () => {
    void queue.then(() => process.exit(0));
  });
