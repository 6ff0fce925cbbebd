// A session's bounded memory of recent untrusted tool output, to spot its text reappearing in call arguments.
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { formatPointer, redactPointer } from '../vocabulary/pointer.js';
import { purposesWith, type PurposeKind } from '../vocabulary/purpose-kinds.js';
import type { CopyForm } from '../taint/copy-forms.js';
import { forEachString } from './json-strings.js';
import { createMemoryIndex, type MemoryIndex } from './memory-index.js';
import { createTrustedInput, type TrustedInput } from './trusted-input.js';
import { argumentVariants, outputKeys, type KeyLengths, type MemoryKey } from './memory-keys.js';
import { someWindow } from './rolling-hash.js';

export type { CopyForm } from '../taint/copy-forms.js';

/** Bounds and thresholds of an output memory. */
export interface OutputMemoryOptions {
  /** Most characters remembered (after folding, every form counted); the oldest outputs are forgotten first. Default 65,536. */
  readonly maxChars?: number;
  /** Shortest shared run of characters that counts as copied text. Default 12. */
  readonly minSubstringLength?: number;
  /** Shortest whole word (an address, a URL, a token) that counts as copied when equal. Default 8. */
  readonly minExactLength?: number;
  /** Purposes whose strings are remembered from outcomes (a string with no purpose counts as text). */
  readonly purposes?: readonly PurposeKind[];
}

/** What was found of one argument: where it is, which output it repeats, in which form, on what evidence. */
export interface ArgumentTrace {
  /** Redacted JSON pointer into the arguments. */
  readonly pointer: string;
  /** The label the output was remembered under (the tool's name for an outcome; `output` by default). */
  readonly source: string;
  /** How the copy was disguised, or `instructed` for a short value the output told the assistant to use. */
  readonly form: CopyForm;
  /** What matched: a shared run, an equal word, an equal entity, or an instructed value. */
  readonly evidence: 'run' | 'word' | 'entity' | 'instructed';
}

/** What a session remembers of untrusted output and of what the user typed, and the questions it answers. */
export interface OutputMemory {
  /** Remembers every string inside a value (an `Untrusted<T>`, tool output, a text block), under `source`. */
  remember(value: unknown, source?: string): void;
  /** Remembers the prose of an accepted outcome (text, url, html by default), under the tool's name or `source`. */
  rememberOutcome(outcome: ToolOutcome<unknown>, source?: string): void;
  /**
   * Remembers every string inside a value as trusted input: what the user typed (their messages, the system
   * prompt). A value the user typed is never untrusted, even when output repeats it.
   */
  trust(value: unknown): void;
  /** Redacted pointers of the argument strings that repeat remembered output. */
  matches(args: unknown): readonly string[];
  /** The argument strings that repeat remembered output, each with the output, the form and the evidence. */
  trace(args: unknown): readonly ArgumentTrace[];
  /** Characters of untrusted output currently remembered. */
  readonly size: number;
}

const DEFAULT_PURPOSES: readonly PurposeKind[] = purposesWith('remembered');
const DEFAULT_SOURCE = 'output';

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 1) throw new TypeError(`${name} must be a positive integer.`);
  return chosen;
}

function evidenceOf(key: MemoryKey): ArgumentTrace['evidence'] {
  if (typeof key === 'number') return 'run';
  if (key.startsWith('w:')) return 'word';
  return key.startsWith('i:') ? 'instructed' : 'entity';
}

/** The first key of an argument string that untrusted output holds and trusted input does not, with its form. */
function firstEvidence(
  text: string,
  lengths: KeyLengths,
  untrusted: MemoryIndex,
  trusted: TrustedInput,
): { key: MemoryKey; form: CopyForm } | undefined {
  const counts = (key: MemoryKey): boolean => untrusted.has(key) && !trusted.covers(key);
  for (const variant of argumentVariants(text, lengths)) {
    const key = variant.keys.find(counts);
    if (key !== undefined) return { key, form: variant.form };
    let run: number | undefined;
    someWindow(variant.folded, lengths.run, (window) => {
      if (counts(window)) run = window;
      return run !== undefined;
    });
    if (run !== undefined) return { key: run, form: variant.form };
  }
  return undefined;
}

/**
 * Creates a memory. Remembered output is folded (NFKC, lower case, invisibles dropped, white space collapsed) and
 * kept in every form a model can read back out of it: character references, percent- and base64-encoded runs
 * decoded, quoted pieces joined with `+` put together, `(at)`/`(dot)` spellings undone. An argument string
 * matches when, in any of its own forms (as written, percent-decoded, base64-decoded: at most five, each no
 * longer than the string, each also with `(at)`/`(dot)` spellings undone), it shares a run of
 * `minSubstringLength` characters holding two letters or more with remembered text; or it, or one of its words, equals a remembered word or string of at least `minExactLength`
 * characters; or it, or an address, URL, host name or number in it, equals an entity of remembered text
 * (dates aside); or it equals a short value (an id, a name, a number) that a remembered text carrying the
 * instruction signal tells the assistant to use — the same value in a listing is not evidence. Evidence that
 * trusted input (what the user typed) also holds does not count. Checking a string costs time linear in its
 * length. Bounded by `maxChars`, oldest first, for output and for trusted input each. Bad options throw a
 * TypeError.
 */
export function createOutputMemory(options: OutputMemoryOptions = {}): OutputMemory {
  const maxChars = positiveInteger(options.maxChars, 65_536, 'maxChars');
  const lengths: KeyLengths = {
    run: positiveInteger(options.minSubstringLength, 12, 'minSubstringLength'),
    word: positiveInteger(options.minExactLength, 8, 'minExactLength'),
  };
  const purposes = Object.freeze([...(options.purposes ?? DEFAULT_PURPOSES)]);
  const untrusted = createMemoryIndex(maxChars);
  const trusted = createTrustedInput(lengths, maxChars);
  const add = (source: string) => (text: string) => {
    untrusted.add(outputKeys(text, lengths, maxChars), source);
  };
  const trace = (args: unknown): readonly ArgumentTrace[] => {
    const found: ArgumentTrace[] = [];
    forEachString(args, (text, path) => {
      const hit = firstEvidence(text, lengths, untrusted, trusted);
      if (hit === undefined) return;
      const held = untrusted.find(hit.key);
      const evidence = evidenceOf(hit.key);
      const form: CopyForm =
        evidence === 'instructed'
          ? 'instructed'
          : hit.form !== 'verbatim'
            ? hit.form
            : (held?.form ?? 'verbatim');
      found.push({ pointer: redactPointer(path), source: held?.source ?? DEFAULT_SOURCE, form, evidence });
    });
    return Object.freeze(found);
  };
  return Object.freeze({
    remember(value: unknown, source = DEFAULT_SOURCE) {
      forEachString(value, add(source));
    },
    rememberOutcome(outcome: ToolOutcome<unknown>, source?: string) {
      if (!outcome.ok) return;
      const kinds = outcome.meta.purposes;
      const into = add(source ?? outcome.meta.tool);
      forEachString(outcome.data, (text, path) => {
        const kind: PurposeKind = kinds[formatPointer(path)] ?? 'text';
        if (purposes.includes(kind)) into(text);
      });
    },
    trust(value: unknown) {
      forEachString(value, (text) => {
        trusted.add(text);
      });
    },
    matches: (args: unknown) => Object.freeze(trace(args).map((entry) => entry.pointer)),
    trace,
    get size() {
      return untrusted.size;
    },
  });
}
