// What the user typed (their messages, the system prompt): evidence it holds never makes an argument untrusted.
import { createMemoryIndex } from './memory-index.js';
import { fold, trustedKeys, type KeyLengths, type MemoryKey } from './memory-keys.js';

/** A session's trusted input, bounded in characters, oldest first. */
export interface TrustedInput {
  /** Remembers one text the user typed. */
  add(text: string): void;
  /** True when the user typed what the key stands for: the run, the word (anywhere in a text), the entity or value. */
  covers(key: MemoryKey): boolean;
}

/** Creates an empty trusted input of at most `maxChars` characters. */
export function createTrustedInput(lengths: KeyLengths, maxChars: number): TrustedInput {
  const index = createMemoryIndex(maxChars);
  const texts: string[] = [];
  let size = 0;
  return {
    add(text) {
      const keys = trustedKeys(text, lengths, maxChars);
      if (keys.chars === 0) return;
      index.add(keys, 'trusted');
      const folded = fold(text).slice(0, maxChars);
      for (
        let oldest = texts[0];
        oldest !== undefined && size + folded.length > maxChars;
        oldest = texts[0]
      ) {
        texts.shift();
        size -= oldest.length;
      }
      texts.push(folded);
      size += folded.length;
    },
    covers(key) {
      if (typeof key === 'string' && key.startsWith('w:')) {
        const word = key.slice(2);
        return texts.some((text) => text.includes(word));
      }
      return index.has(key);
    },
  };
}
