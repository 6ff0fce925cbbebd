// The generated choice among `oneOf`/`anyOf` branches: by a cheap test when the branches exclude each other.
import { literal, typeTest } from './emit-checks.js';
import type { Emitter, Mode } from './emitter.js';
import { failOf } from './emit-node.js';
import { needsPacing } from './pacing-plan.js';
import type { JsonType, ModelNode, Primitive } from './model.js';

/** What every valid value of a branch must satisfy: its types, and the constants of its required members. */
interface Necessary {
  readonly never: boolean;
  readonly types: readonly JsonType[] | undefined;
  readonly constants: ReadonlyMap<string, Primitive>;
}

/**
 * A union's body. When the branches exclude each other (their types are disjoint, or a required member has a
 * different constant in each), the one whose necessary condition holds is the only candidate: the union holds
 * exactly when it does, and only it is walked. Otherwise each branch is checked, and the value is walked by
 * the one that holds (more than one holding is a fail for `oneOf`, and leaves an `anyOf` to the interpreter).
 */
export function unionBody(node: ModelNode, mode: Mode, emitter: Emitter): string[] {
  const { kind, branches } = node.union as NonNullable<ModelNode['union']>;
  const necessary = branches.map(necessaryOf);
  const exclusive = necessary.every((a, i) => necessary.every((b, j) => i === j || excludes(a, b)));
  if (exclusive) {
    const lines = branches.flatMap((branch, i) =>
      (necessary[i] as Necessary).never
        ? []
        : [`if (${condition(necessary[i] as Necessary)}) return ${call(branch, mode, emitter)};`],
    );
    return [...lines, `${failOf(mode)};`];
  }
  const lines = ['let hit = -1, many = false;'];
  branches.forEach((branch, i) => {
    lines.push(`if (${emitter.fn(branch, 'check')}(v)) { if (hit >= 0) many = true; hit = ${String(i)}; }`);
  });
  if (mode === 'check')
    return [...lines, kind === 'oneOf' ? 'return hit >= 0 && !many;' : 'return hit >= 0;'];
  lines.push('if (hit < 0 || many) return S;', 'switch (hit) {');
  branches.forEach((branch, i) => lines.push(`  case ${String(i)}: return ${call(branch, mode, emitter)};`));
  return [...lines, '}', 'return S;'];
}

function call(branch: ModelNode, mode: Mode, emitter: Emitter): string {
  if (mode === 'check') return `${emitter.fn(branch, 'check')}(v)`;
  if (mode === 'paced' && needsPacing(branch)) return `yield* ${emitter.fn(branch, 'paced')}(v, c, d)`;
  return `${emitter.fn(branch, 'walk')}(v, c, d)`;
}

function necessaryOf(branch: ModelNode): Necessary {
  const constants = new Map<string, Primitive>();
  const object = branch.object;
  if (object !== undefined && branch.types?.length === 1) {
    for (const [name, member] of object.properties) {
      const only = member.values?.length === 1 ? member.values[0] : undefined;
      if (only !== undefined && object.required.includes(name) && member.union === undefined)
        constants.set(name, only);
    }
  }
  return { never: branch.never, types: branch.union === undefined ? branch.types : undefined, constants };
}

/** True when no value can satisfy both conditions. */
function excludes(a: Necessary, b: Necessary): boolean {
  if (a.never || b.never) return true;
  if (
    a.types !== undefined &&
    b.types !== undefined &&
    !a.types.some((t) => b.types?.some((u) => overlap(t, u)))
  )
    return true;
  for (const [name, value] of a.constants)
    if (b.constants.has(name) && b.constants.get(name) !== value) return true;
  return false;
}

function overlap(a: JsonType, b: JsonType): boolean {
  const numeric = (t: JsonType): boolean => t === 'number' || t === 'integer';
  return a === b || (numeric(a) && numeric(b));
}

function condition(necessary: Necessary): string {
  const parts: string[] = [];
  if (necessary.types !== undefined)
    parts.push(`(${necessary.types.map((t) => typeTest(t, 'v')).join(' || ')})`);
  for (const [name, value] of necessary.constants) parts.push(`v[${literal(name)}] === ${literal(value)}`);
  return parts.length === 0 ? 'true' : parts.join(' && ');
}
