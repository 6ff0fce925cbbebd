// Reacts to notifications/tools/list_changed: lists again at once, and holds every call until the new listing is reviewed.
import type { AirlockTransport } from './wire/types.js';

/** The watch over one server's tool list. */
export interface ToolListWatch {
  /**
   * Resolves true once every change announced so far has been listed and reviewed (at once when none is
   * pending), false when that listing failed or `signal` fired first: the caller must not call then.
   */
  settled(signal?: AbortSignal): Promise<boolean>;
  /** Stops listening. */
  stop(): void;
}

/**
 * Starts a listing on every list-changed notification. Changes are counted: a notification that arrives
 * while a listing runs starts another when it ends, so a listing that began before the change never
 * counts for it. A failed listing leaves the change pending; the next `settled` tries again.
 */
export function watchToolList(transport: AirlockTransport, relist: () => Promise<unknown>): ToolListWatch {
  let announced = 0;
  let listed = 0;
  let running: Promise<boolean> | undefined;

  const catchUp = (): Promise<boolean> => {
    if (running !== undefined) return running;
    const run = async (): Promise<boolean> => {
      try {
        while (listed < announced) {
          const target = announced;
          await relist();
          listed = target;
        }
        return true;
      } catch {
        return false;
      }
    };
    const started = run().finally(() => {
      running = undefined;
    });
    running = started;
    return started;
  };

  const unsubscribe = transport.onToolsChanged(() => {
    announced++;
    void catchUp();
  });

  return {
    settled(signal?: AbortSignal): Promise<boolean> {
      if (listed >= announced) return Promise.resolve(true);
      if (signal?.aborted === true) return Promise.resolve(false);
      const caughtUp = catchUp();
      if (signal === undefined) return caughtUp;
      return new Promise((resolve) => {
        const onAbort = (): void => {
          resolve(false);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        void caughtUp.then((done) => {
          signal.removeEventListener('abort', onAbort);
          resolve(done);
        });
      });
    },
    stop: unsubscribe,
  };
}
