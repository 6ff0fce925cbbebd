// What a client session's earlier results said, per tool, so a later call repeating it can be traced to its source.
import { createOutputMemory, type CopyForm, type OutputMemory } from '../../calls/output-memory.js';
import type { ToolOutcome } from '../../vocabulary/outcome.js';

/** One argument that repeats earlier untrusted output, the tool whose output it repeats, and in what form. */
export interface TracedArgument {
  /** Redacted JSON pointer into the arguments. */
  readonly pointer: string;
  /** The tool whose result held the text. */
  readonly tool: string;
  /** How the copy was disguised (`verbatim`, `percent`, `base64`, `at-dot`, `split` …), or `instructed`. */
  readonly form: CopyForm;
}

/** A session's memory of untrusted tool output. */
export interface Provenance {
  /** Remembers the prose of an accepted outcome (and any further text the client saw) as `tool`'s output. */
  remember(tool: string, outcome: ToolOutcome<unknown>, shown: readonly unknown[]): void;
  /** The arguments that repeat remembered output, each with the tool it came from and the form it took. */
  trace(args: unknown): readonly TracedArgument[];
}

/** Most tools remembered at once; the one whose output is oldest is forgotten first. */
const MAX_TOOLS = 32;

/** Characters remembered per tool. */
const CHARS_PER_TOOL = 32_768;

/**
 * A memory per tool (so a match names its source), each an `OutputMemory` bounded to `CHARS_PER_TOOL`
 * characters, at most `MAX_TOOLS` of them. Matching is the output memory's: copies in case, compatibility,
 * invisible-character, percent, base64, character-reference, `(at)`/`(dot)` and split-and-joined disguises are
 * found, and short values (ids, names) that a result carrying the injection signal instructs the assistant to use.
 */
export function createProvenance(): Provenance {
  const memories = new Map<string, OutputMemory>();
  return Object.freeze<Provenance>({
    remember(tool, outcome, shown) {
      let memory = memories.get(tool);
      if (memory === undefined) {
        memory = createOutputMemory({ maxChars: CHARS_PER_TOOL });
        if (memories.size >= MAX_TOOLS) memories.delete(memories.keys().next().value as string);
      } else memories.delete(tool);
      memories.set(tool, memory);
      memory.rememberOutcome(outcome, tool);
      for (const text of shown) memory.remember(text, tool);
    },
    trace(args) {
      const traced: TracedArgument[] = [];
      const seen = new Set<string>();
      for (const [tool, memory] of memories) {
        for (const { pointer, form } of memory.trace(args)) {
          if (seen.has(pointer)) continue;
          seen.add(pointer);
          traced.push({ pointer, tool, form });
        }
      }
      return traced;
    },
  });
}

/** How each form a copy took is named to a person or a model. */
const FORM_WORDS: Readonly<Record<CopyForm, string>> = Object.freeze({
  verbatim: '',
  percent: ' (percent-encoded)',
  base64: ' (base64-encoded)',
  html: ' (as HTML character references)',
  'at-dot': ' (written with (at) and (dot))',
  split: ' (split into pieces)',
  instructed: ' (a value that output told the assistant to use)',
});

/** One traced argument in words: which argument repeats which tool's output, and in what form. */
export function tracedPhrase(entry: TracedArgument): string {
  const who = entry.pointer === '' ? 'the arguments' : `argument ${entry.pointer}`;
  return `${who} repeats output of "${entry.tool}"${FORM_WORDS[entry.form]}`;
}
