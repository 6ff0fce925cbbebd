// A real node:http server on 127.0.0.1 with an ephemeral port, for reading fetch Responses end to end.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running local server. */
export interface LocalServer {
  /** Base URL, such as `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Stops the server, cutting any connection still open. */
  close(): Promise<void>;
}

/** Starts a server that answers every request with `handler`. */
export async function startServer(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
