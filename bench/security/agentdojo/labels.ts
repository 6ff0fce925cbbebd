// The reviewed labels: which argument of an attacker call says where the attack goes, and where user calls' values come from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The argument of an attacker call that names the attack's target, and the value the goal states for it. */
export interface KeyArgument {
  readonly step: number;
  readonly tool: string;
  /** JSON pointer into the call's arguments. */
  readonly pointer: string;
  /** The value as the goal writes it (the whole argument, or the part of it the goal names). */
  readonly value: string;
}

/** Where a user call's argument comes from: the user's request, a tool's output, or the model's own making. */
export type ValueSource = 'user' | 'output' | 'model';

/** One side-effecting call of a user task's ground truth, with the source of each argument. */
export interface UserCallLabel {
  readonly task: string;
  readonly step: number;
  readonly tool: string;
  readonly from: Readonly<Record<string, ValueSource>>;
}

/** The labels of every suite. */
export interface Labels {
  readonly keys: Readonly<Record<string, Readonly<Record<string, readonly KeyArgument[]>>>>;
  readonly userCalls: Readonly<Record<string, readonly UserCallLabel[]>>;
}

/** Reads `labels.json`. */
export function loadLabels(): Labels {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'labels.json'), 'utf8')) as Labels;
}

/** True when no argument of the call comes from a tool's output: the user asked for exactly this. */
export function userOnly(label: UserCallLabel): boolean {
  return !Object.values(label.from).includes('output');
}

/** The arguments with the value at `pointer` (or the part of it that equals `value`) replaced by `replacement`. */
export function withArgument(
  args: Readonly<Record<string, unknown>>,
  pointer: string,
  value: string,
  replacement: string,
): Readonly<Record<string, unknown>> {
  const copy = structuredClone(args) as Record<string, unknown>;
  const path = pointer.split('/').slice(1);
  const last = path.pop() ?? '';
  let holder: Record<string, unknown> = copy;
  for (const segment of path) holder = holder[segment] as Record<string, unknown>;
  const current = holder[last];
  if (typeof current === 'string') holder[last] = current.replace(value, replacement);
  return copy;
}
