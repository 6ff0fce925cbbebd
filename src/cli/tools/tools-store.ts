// What the `airlock tools` commands share: the store the proxy uses, found the way the proxy finds it.
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ToolStateStore } from '../../calls/tool-state.js';
import { sqlitePath, storeKind } from '../../evidence/open-store.js';
import { parseCommandArgs } from '../args.js';
import { defineCommand, usageError, type CliIo, type Command } from '../command.js';
import { configFile } from '../config-path.js';

/** The options every tools command takes. */
const STORE_OPTIONS = Object.freeze({ store: { type: 'string' }, config: { type: 'string' } } as const);

const STORE_HELP = `  --store S    the proxy's store: a SQLite file, or a postgres:// or redis:// URL (default: the config's
               store, else ~/.local/state/agent-airlock/airlock.sqlite, or under $AIRLOCK_HOME)
  --config F   airlock.config.json (default: $AIRLOCK_CONFIG, or ./airlock.config.json when present)`;

/** What a tools command is made of. */
export interface ToolsCommandSpec {
  readonly path: readonly string[];
  readonly summary: string;
  /** Its part of the usage line, such as `NAME [--hash PREFIX]`. */
  readonly usage: string;
  /** What its own arguments mean, for its help. */
  readonly help: string;
  /** Its own options beside `--store` and `--config`. */
  readonly options?: Readonly<Record<string, { readonly type: 'string' | 'boolean' }>>;
  /** How many positionals it takes. */
  readonly positionals: number;
  /** The work over the open store (closed afterwards); resolves to the exit code. */
  readonly work: (
    store: ToolStateStore,
    args: {
      readonly values: Readonly<Record<string, string | boolean | undefined>>;
      readonly positionals: readonly string[];
    },
    io: CliIo,
  ) => Promise<number>;
}

/** A tools command: strict arguments, then the work over the proxy's tool store. */
export function defineToolsCommand(spec: ToolsCommandSpec): Command {
  const name = spec.path.join(' ');
  return defineCommand({
    path: spec.path,
    summary: spec.summary,
    usage: `usage: airlock ${name} ${spec.usage} [--store S] [--config F]\n  ${spec.summary}\n${spec.help}\n${STORE_HELP}`,
    async run(args, io) {
      const parsed = parseCommandArgs<Record<string, string | boolean | undefined>>(args, {
        ...STORE_OPTIONS,
        ...spec.options,
      });
      if (!parsed.ok) return usageError(io, name, parsed.message);
      if (parsed.positionals.length !== spec.positionals)
        return usageError(
          io,
          name,
          spec.positionals === 0 ? 'takes no argument' : `takes ${String(spec.positionals)} argument(s)`,
        );
      const store = await openToolStore(parsed.values, io);
      try {
        return await spec.work(store, parsed, io);
      } finally {
        await store.close().catch(() => undefined);
      }
    },
  });
}

async function openToolStore(values: Readonly<Record<string, unknown>>, io: CliIo): Promise<ToolStateStore> {
  const { openProxyStores } = await import('../../proxy/stores.js');
  const spec = await storeSpec(values, io);
  if (storeKind(spec) === 'sqlite') sqlitePath(spec, io.cwd, false); // a missing file is a mistake, not a new store
  const stores = await openProxyStores(spec, io.cwd);
  await stores.evidence.close();
  return stores.tools;
}

/** `--store`, else the config file's store (relative to the file), else the default state folder's. */
async function storeSpec(values: Readonly<Record<string, unknown>>, io: CliIo): Promise<string> {
  if (typeof values.store === 'string') return values.store;
  const path = configFile(typeof values.config === 'string' ? values.config : undefined, io);
  if (path !== undefined) {
    const { loadProxyConfig } = await import('../../proxy/config/load-config.js');
    const store = (await loadProxyConfig(path)).store;
    if (store !== undefined)
      return storeKind(store) !== 'sqlite' || isAbsolute(store) ? store : resolve(dirname(path), store);
  }
  const { defaultStateDir, STATE_FILES } = await import('../../proxy/config/state-dir.js');
  return join(defaultStateDir(io.env, io.env.HOME ?? homedir()), STATE_FILES.store);
}
