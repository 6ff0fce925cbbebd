// One server's view of a shared tool store: its tools under `NAME.`, and a kill switch for it alone beside the global one.
import {
  ALL_TOOLS,
  stricterState,
  type DefinitionKind,
  type KeptDefinition,
  type ToolRecord,
  type ToolState,
  type ToolStateStore,
} from '../../calls/tool-state.js';

/** The shape of a server name: it prefixes tool names in the store and labels untrusted text. */
export const SERVER_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/**
 * A store whose tool names are stored as `server.name`, so servers sharing one store (a fleet, or one
 * operator's several proxies) never see each other's pins. The kill switch (`*`) reads the stricter of the
 * global record `*` and this server's `server.*`, and writes this server's: `airlock tools offline '*'`
 * stops every server, `airlock tools offline 'files.*'` one. `names()` lists this server's tools only.
 */
export function namespacedToolStore(store: ToolStateStore, server: string): ToolStateStore {
  if (!SERVER_NAME.test(server)) throw new TypeError(`A server name must match ${String(SERVER_NAME)}.`);
  const prefix = `${server}.`;
  const stored = (name: string) => prefix + name;
  const ours = (name: string) => name.startsWith(prefix);
  const local = (name: string) => name.slice(prefix.length);
  const rename = (record: ToolRecord | undefined, name: string): ToolRecord | undefined =>
    record === undefined ? undefined : Object.freeze({ ...record, name });

  return Object.freeze({
    async get(name: string): Promise<ToolRecord | undefined> {
      if (name !== ALL_TOOLS) return rename(await store.get(stored(name)), name);
      const [global, own] = await Promise.all([store.get(ALL_TOOLS), store.get(stored(ALL_TOOLS))]);
      if (global === undefined || own === undefined) return rename(global ?? own, name);
      return rename({ ...own, state: stricterState(global.state, own.state) }, name);
    },
    async namesWithBody(bodyHash: string): Promise<readonly string[]> {
      return (await store.namesWithBody(bodyHash)).filter(ours).map(local);
    },
    pin: (name: string, hash: string, bodyHash: string, at: number) =>
      store.pin(stored(name), hash, bodyHash, at),
    unpin: (name: string, at: number) => store.unpin(stored(name), at),
    setState: (name: string, state: ToolState, at: number) => store.setState(stored(name), state, at),
    keepDefinition: (name: string, kind: DefinitionKind, kept: KeptDefinition) =>
      store.keepDefinition(stored(name), kind, kept),
    definition: (name: string, kind: DefinitionKind) => store.definition(stored(name), kind),
    async names(): Promise<readonly string[]> {
      return (await store.names()).filter(ours).map(local);
    },
    close: () => store.close(),
  });
}
