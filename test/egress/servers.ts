// Test support: real HTTP servers on 127.0.0.1 that count their requests, and a resolver with a fixed table.
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupFunction } from 'node:net';

/** A running HTTP server on 127.0.0.1 and the requests it received. */
export interface TestServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Method, path and selected headers of every request received. */
  readonly requests: { method: string; path: string; authorization: string | undefined; body: string }[];
  close(): Promise<void>;
}

/** Starts a server; `respond` writes the response for each request (its body already read). */
export async function startServer(
  respond: (request: http.IncomingMessage, response: http.ServerResponse, server: TestServer) => void,
): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      respond(request, response, handle);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const handle: TestServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  return handle;
}

/**
 * A resolver answering from a fixed table (a name → one or more addresses), the way a DNS server under an
 * attacker's control would; unknown names fail with ENOTFOUND. Records every name it was asked for.
 */
export function tableLookup(table: Readonly<Record<string, readonly string[]>>): {
  lookup: LookupFunction;
  asked: string[];
} {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined) {
      const error: NodeJS.ErrnoException = Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      process.nextTick(callback, error, '', 0);
      return;
    }
    const answers: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    const first = answers[0]!;
    if (options.all === true) process.nextTick(callback, null, answers);
    else process.nextTick(callback, null, first.address, first.family);
  };
  return { lookup, asked };
}

/** The `cause` a rejected `fetch` carries. */
export async function fetchFailure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error instanceof TypeError && error.cause !== undefined ? error.cause : error;
  }
  throw new Error('expected the request to fail');
}
