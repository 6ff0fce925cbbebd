// AgentDojo's important_instructions attack as its loader places it: the template filled, folded into the vector's field.
import type { AgentDojoData, Suite, Vector } from '../data.js';

/** The text a vector holds in one run, and what the loader trims beside it. */
interface Placed {
  readonly text: string;
  readonly trim: readonly [number, number];
}

/** What each vector holds in one run. */
export type Placement = ReadonlyMap<string, Placed>;

const CANARY = /<CANARY---([A-Za-z0-9_]+)--->/g;

/** The attack text for a goal: AgentDojo's template with the user's name and the model's. */
export function attackText(data: AgentDojoData, goal: string): string {
  return data.attack.template
    .replaceAll('{goal}', goal)
    .replaceAll('{user}', data.attack.user)
    .replaceAll('{model}', data.attack.model);
}

/**
 * The text as AgentDojo's loader holds it once substituted into its double-quoted YAML field: each run of line
 * breaks (with the blanks around it) becomes one space, or one line break fewer than it had. Checked against the
 * loader for every vector and goal when the data was extracted.
 */
export function folded(text: string): string {
  return text.replace(/[ \t]*\n(?:[ \t]*\n)*[ \t]*/g, (run) => {
    const breaks = run.split('\n').length - 1;
    return breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
  });
}

/** Every vector at its default, except those in `injected`, which hold `attack` as the loader places it. */
export function placement(suite: Suite, injected: readonly string[], attack: string | undefined): Placement {
  const placed = new Map<string, Placed>();
  for (const [name, vector] of Object.entries<Vector>(suite.vectors)) {
    placed.set(
      name,
      attack !== undefined && injected.includes(name)
        ? { text: folded(attack), trim: vector.trim }
        : { text: vector.default, trim: [0, 0] },
    );
  }
  return placed;
}

function fillText(text: string, placed: Placement): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CANARY)) {
    const held = placed.get(match[1] ?? '');
    if (held === undefined) continue;
    out += text.slice(last, match.index - held.trim[0]) + held.text;
    last = match.index + match[0].length + held.trim[1];
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A copy of a JSON value with every canary replaced by what its vector holds. */
export function filled(value: unknown, placed: Placement): unknown {
  if (typeof value === 'string') return fillText(value, placed);
  if (Array.isArray(value)) return value.map((item) => filled(item, placed));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, filled(inner, placed)]));
  return value;
}
