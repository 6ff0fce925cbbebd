// A bounded, counted index of remembered texts' keys: oldest texts forgotten first, each key's source findable.
import type { CopyForm } from '../taint/copy-forms.js';
import type { MemoryKey, TextKeys } from './memory-keys.js';

/** Where a key was remembered: the label of the output, and the form of it that held the key. */
export interface KeySource {
  readonly source: string;
  readonly form: CopyForm;
}

/** An index over remembered texts, bounded in characters. */
export interface MemoryIndex {
  /** Adds a text's keys under a source label, forgetting the oldest texts until it fits. */
  add(keys: TextKeys, source: string): void;
  /** True when any remembered text holds the key. */
  has(key: MemoryKey): boolean;
  /** The newest text holding the key: its label and form. */
  find(key: MemoryKey): KeySource | undefined;
  /** Characters currently remembered. */
  readonly size: number;
}

interface Entry {
  readonly keys: TextKeys;
  readonly source: string;
}

/** An index that holds at most `maxChars` characters (a text is cut to the bound by the caller). */
export function createMemoryIndex(maxChars: number): MemoryIndex {
  const entries: Entry[] = [];
  const counts = new Map<MemoryKey, number>();
  let size = 0;
  const count = (key: MemoryKey, delta: number): void => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const each = (keys: TextKeys, delta: number): void => {
    for (const form of keys.forms) {
      for (const key of form.windows) count(key, delta);
      for (const key of form.keys) count(key, delta);
    }
  };
  return {
    add(keys, source) {
      if (keys.chars === 0) return;
      for (
        let oldest = entries[0];
        oldest !== undefined && size + keys.chars > maxChars;
        oldest = entries[0]
      ) {
        entries.shift();
        size -= oldest.keys.chars;
        each(oldest.keys, -1);
      }
      entries.push({ keys, source });
      size += keys.chars;
      each(keys, 1);
    },
    has: (key) => counts.has(key),
    find(key) {
      for (let index = entries.length - 1; index >= 0; index--) {
        const entry = entries[index];
        const form = entry?.keys.forms.find((held) =>
          typeof key === 'number' ? held.windows.includes(key) : held.keys.includes(key),
        );
        if (entry !== undefined && form !== undefined) return { source: entry.source, form: form.form };
      }
      return undefined;
    },
    get size() {
      return size;
    },
  };
}
