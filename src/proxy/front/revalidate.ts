// Before a call goes out, the server's current definitions: a listing that began after the call arrived.
import type { McpToolReview } from '../../mcp/list-tools.js';
import type { McpToolClient } from '../../mcp/tool-client.js';

/** Fresh listings for calls, shared by every call waiting at the same time. */
export interface Revalidator {
  /**
   * Resolves once a listing that started after this call was made has been reviewed against the pins (a
   * definition changed without `list_changed` is quarantined by then), or rejects when listing fails.
   */
  fresh(signal: AbortSignal | undefined): Promise<readonly McpToolReview[]>;
}

/**
 * A server can change a tool's definition without announcing it; the model then calls what it was shown, and
 * the server runs what it now says. So every call waits for a listing that began after it arrived. Calls that
 * arrive while a listing is under way wait for the next one, which starts when that one ends and serves them
 * all: under load the server sees one listing at a time, however many calls are waiting.
 */
export function createRevalidator(tools: McpToolClient): Revalidator {
  let running: Promise<readonly McpToolReview[]> | undefined;
  let queued: Promise<readonly McpToolReview[]> | undefined;
  const start = (): Promise<readonly McpToolReview[]> => {
    const listing = tools.listTools();
    running = listing;
    void listing.then(
      () => {
        settle(listing);
      },
      () => {
        settle(listing);
      },
    );
    return listing;
  };
  const settle = (listing: Promise<unknown>): void => {
    if (running === listing) running = undefined;
  };
  return Object.freeze({
    fresh(signal: AbortSignal | undefined) {
      let listing: Promise<readonly McpToolReview[]>;
      if (running === undefined) listing = start();
      else {
        const next = (): Promise<readonly McpToolReview[]> => {
          queued = undefined; // calls arriving from now on need a listing that starts after them
          return start();
        };
        queued ??= running.then(next, next);
        listing = queued;
      }
      return signal === undefined ? listing : abortable(listing, signal);
    },
  });
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}
