// Where the proxy and the `airlock tools` commands keep their state when not told: one folder per user.
import { join } from 'node:path';

/** The files of the default state folder. */
export const STATE_FILES = Object.freeze({
  store: 'airlock.sqlite',
  keyFile: 'keys.json',
  auditLog: 'audit.jsonl',
});

/**
 * The state folder: `$AIRLOCK_HOME`, else `$XDG_STATE_HOME/agent-airlock`, else `~/.local/state/agent-airlock`.
 * A client launches the proxy from a working folder nobody chose, so the default is per user, not per folder,
 * and `airlock tools pending` run anywhere reads the same store.
 */
export function defaultStateDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const explicit = env.AIRLOCK_HOME;
  if (explicit !== undefined && explicit !== '') return explicit;
  const xdg = env.XDG_STATE_HOME;
  return xdg !== undefined && xdg !== ''
    ? join(xdg, 'agent-airlock')
    : join(home, '.local', 'state', 'agent-airlock');
}
