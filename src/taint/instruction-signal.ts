// Finds instructions addressed to an assistant inside data: overrides, authority claims, imperatives, tool-call requests.
import { INSTRUCTION_CUES, INSTRUCTION_RULES, type InstructionCue } from './instruction-rules.js';

export { INSTRUCTION_CUES, type InstructionCue } from './instruction-rules.js';

/** What instructions a text holds, by kind and number (never the text itself). */
export interface InstructionReport {
  /** The kinds of cue found, each once, in the order of {@link INSTRUCTION_CUES}. */
  readonly cues: readonly InstructionCue[];
  /** How many cues were found (a cue found twice counts twice). */
  readonly count: number;
}

/** The cues of one prepared text, with where each is: `[start, end)` offsets into it, in order. */
export interface InstructionSpans {
  readonly cues: ReadonlySet<InstructionCue>;
  readonly spans: readonly (readonly [number, number])[];
}

/** Longest text examined; beyond it a text is examined in its first part only, so a check costs a bounded time. */
export const MAX_EXAMINED = 1 << 20;

/** Longest quoted passage taken for a quotation (a mention of an instruction, not one). */
const MAX_QUOTED = 400;

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const BLANKS = /[^\S\n]+/g;
/** Where a JSON document may start: such a text is examined string by string, as a contract would see it. */
const JSON_START = /^\s*[[{]/;

/**
 * Quoted passages: double, curly and guillemet quotes, backticks, and single quotes that open after a space or
 * an opening bracket and close before a space or punctuation (so an apostrophe inside a word opens nothing).
 */
const QUOTED = new RegExp(
  [
    `"[^"\\n]{1,${MAX_QUOTED}}"`,
    `“[^”\\n]{1,${MAX_QUOTED}}”`,
    `«[^»\\n]{1,${MAX_QUOTED}}»`,
    `‘[^’\\n]{1,${MAX_QUOTED}}’`,
    `\`[^\`\\n]{1,${MAX_QUOTED}}\``,
    `(?<=^|[\\s([{:])'[^'\\n]{1,${MAX_QUOTED}}'(?=$|[\\s.,;:!?)\\]}])`,
  ].join('|'),
  'g',
);

/** The text as the rules read it: compatibility forms folded, invisibles dropped, blanks collapsed. */
export function prepareText(text: string): string {
  const bounded = text.length > MAX_EXAMINED ? text.slice(0, MAX_EXAMINED) : text;
  return bounded.normalize('NFKC').replace(INVISIBLE, '').replace(BLANKS, ' ');
}

function insideAny(start: number, end: number, spans: readonly (readonly [number, number])[]): boolean {
  return spans.some(([from, to]) => start >= from && end <= to);
}

/**
 * The cues of a prepared text ({@link prepareText}) and where they are. A cue standing wholly inside quotation
 * marks is a mention (an article quoting an attack, a prompt given as an example), not an instruction, and is
 * left out.
 */
export function instructionSpans(prepared: string): InstructionSpans {
  const quoted = Array.from(
    prepared.matchAll(QUOTED),
    (match) => [match.index, match.index + match[0].length] as const,
  );
  const cues = new Set<InstructionCue>();
  const spans: [number, number][] = [];
  for (const rule of INSTRUCTION_RULES) {
    for (const match of prepared.matchAll(rule.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (insideAny(start, end, quoted)) continue;
      cues.add(rule.cue);
      spans.push([start, end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  return { cues, spans };
}

/**
 * The pieces of a text that are read as text: the strings of a JSON document (members' names and values, in
 * order), or the text itself. A JSON document is examined string by string because its quotation marks are
 * syntax, not quotation.
 */
export function textPieces(text: string): readonly string[] {
  if (!JSON_START.test(text) || text.length > MAX_EXAMINED) return [text];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [text];
  }
  const pieces: string[] = [];
  const pending: unknown[] = [parsed];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next === 'string') pieces.push(next);
    else if (Array.isArray(next)) pending.push(...(next as unknown[]).toReversed());
    else if (typeof next === 'object' && next !== null)
      pending.push(
        ...Object.entries(next)
          .flatMap(([name, value]: [string, unknown]) => [name, value])
          .reverse(),
      );
  }
  return pieces;
}

/**
 * The instructions in a text, or `undefined` when it holds none. Deterministic: a fixed list of patterns for
 * instructions to ignore or replace earlier ones, claims of a role or of authority, imperatives addressed to
 * the assistant, and requests to call a tool, run a command or hand over a secret file. Quoted cues are
 * mentions and do not count; a JSON document is examined string by string. Linear in the text (every pattern
 * is bounded); a text longer than {@link MAX_EXAMINED} is examined in its first part. Never throws.
 */
export function findInstructions(text: string): InstructionReport | undefined {
  const found = new Set<InstructionCue>();
  let count = 0;
  for (const piece of textPieces(text)) {
    const { cues, spans } = instructionSpans(prepareText(piece));
    for (const cue of cues) found.add(cue);
    count += spans.length;
  }
  if (count === 0) return undefined;
  return { cues: INSTRUCTION_CUES.filter((cue) => found.has(cue)), count };
}
