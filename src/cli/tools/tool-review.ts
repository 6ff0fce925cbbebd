// How one stored tool stands: its published and pinned definitions side by side, and how to show them safely.
import type { KeptDefinition, ToolStateStore } from '../../calls/tool-state.js';

/** Why a tool is waiting, or that it is not. */
export type ReviewState = 'approved' | 'new' | 'changed';

/** A tool as the store knows it. */
export interface StoredTool {
  /** `server.tool`. */
  readonly name: string;
  readonly state: ReviewState;
  readonly published?: KeptDefinition;
  readonly pinned?: KeptDefinition;
}

/** True for a record name that is a kill switch (`*`, `server.*`), not a tool. */
export function isKillSwitch(name: string): boolean {
  return name === '*' || name.endsWith('.*');
}

/** Reads one tool: waiting as `new` when nothing is pinned, `changed` when the published one differs. */
export async function storedTool(store: ToolStateStore, name: string): Promise<StoredTool> {
  const [record, published, pinned] = await Promise.all([
    store.get(name),
    store.definition(name, 'published'),
    store.definition(name, 'pinned'),
  ]);
  const pinnedHash = record?.hash ?? null;
  const state: ReviewState =
    pinnedHash === null
      ? 'new'
      : published !== undefined && published.hash !== pinnedHash
        ? 'changed'
        : 'approved';
  return {
    name,
    state,
    ...(published === undefined ? {} : { published }),
    ...(pinned === undefined || pinned.hash !== pinnedHash ? {} : { pinned }),
  };
}

/** Characters a terminal would hide or act on: controls, format characters, private use, line separators. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\u2028\u2029](?<![\n\t])/gu;

/**
 * A definition's canonical JSON, indented for reading, with every character a terminal would hide or act on
 * (escape sequences, bidi controls, zero-width and tag characters) shown as `\u{…}`: the operator reviews
 * exactly what the server published, including what it tried to hide.
 */
export function readableDefinition(kept: KeptDefinition): string {
  const pretty = JSON.stringify(JSON.parse(kept.definition) as unknown, null, 2);
  return pretty.replace(
    HIDDEN,
    (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`,
  );
}
