// An in-memory tool state store: the reference behaviour of the store contract, for one process.
import {
  DEFAULT_STATE,
  type DefinitionKind,
  type KeptDefinition,
  type ToolRecord,
  type ToolState,
  type ToolStateStore,
} from '../tool-state.js';

/** A store that keeps tool records in this process only (shared by the registries given the same store). */
export function createMemoryToolStore(): ToolStateStore {
  const records = new Map<string, ToolRecord>();
  const kept = new Map<string, KeptDefinition>();
  const keyOf = (name: string, kind: DefinitionKind) => `${kind}\n${name}`;
  const upsert = (name: string, change: Partial<ToolRecord>, at: number): void => {
    const current = records.get(name) ?? {
      name,
      hash: null,
      bodyHash: null,
      state: DEFAULT_STATE,
      updatedAt: at,
    };
    records.set(name, Object.freeze({ ...current, ...change, updatedAt: at }));
  };
  return Object.freeze({
    get: (name: string) => Promise.resolve(records.get(name)),
    namesWithBody: (bodyHash: string) =>
      Promise.resolve(
        [...records.values()]
          .filter((record) => record.bodyHash === bodyHash)
          .map((record) => record.name)
          .sort(),
      ),
    pin(name: string, hash: string, bodyHash: string, at: number) {
      upsert(name, { hash, bodyHash }, at);
      return Promise.resolve();
    },
    unpin(name: string, at: number) {
      if (records.get(name)?.hash == null) return Promise.resolve(false);
      upsert(name, { hash: null, bodyHash: null }, at);
      return Promise.resolve(true);
    },
    setState(name: string, state: ToolState, at: number) {
      upsert(name, { state }, at);
      return Promise.resolve();
    },
    keepDefinition(name: string, kind: DefinitionKind, definition: KeptDefinition) {
      kept.set(keyOf(name, kind), Object.freeze({ ...definition }));
      return Promise.resolve();
    },
    definition: (name: string, kind: DefinitionKind) => Promise.resolve(kept.get(keyOf(name, kind))),
    names: () =>
      Promise.resolve(
        [
          ...new Set([...records.keys(), ...[...kept.keys()].map((key) => key.slice(key.indexOf('\n') + 1))]),
        ].sort(),
      ),
    close: () => Promise.resolve(),
  });
}
