// The generated function of one schema node: checks, members or items, branches, and the string's purpose.
import { literal, onlyType, ownChecks, typeTest } from './emit-checks.js';
import { indent, type Emitter, type Mode } from './emitter.js';
import { needsPacing } from './pacing-plan.js';
import { unionBody } from './emit-union.js';
import type { ArrayPart, ModelNode, ObjectPart } from './model.js';

/** Values between two pause checks of a paced array (each item may hold many values). */
export const ITEMS_PER_CHECK = 16;

/** How a mode ends a function on an invalid value. */
export const failOf = (mode: Mode): string => (mode === 'check' ? 'return false' : 'return S');

/** The body of a node's function in one mode (see `Mode`). */
export function nodeBody(node: ModelNode, mode: Mode, emitter: Emitter): string[] {
  const fail = failOf(mode);
  if (node.never) return [`${fail};`];
  if (node.union !== undefined) return unionBody(node, mode, emitter);
  const lines = ['let x, r;', ...ownChecks(node, 'v', fail, emitter)];
  if (node.object !== undefined) lines.push(...guard(node, 'object', objectBody(node.object, mode, emitter)));
  if (node.array !== undefined) lines.push(...guard(node, 'array', arrayBody(node.array, mode, emitter)));
  if (mode !== 'check' && node.purpose !== undefined)
    lines.push(...guard(node, 'string', ['x = v;', ...purposeCode(node, 'x', 'd', emitter), 'return r;']));
  // A node of one container type already returned in its block.
  if (!lines[lines.length - 1]?.startsWith('return '))
    lines.push(mode === 'check' ? 'return true;' : 'return v;');
  return lines;
}

/** A block for values of one type; unguarded when the node admits no other type. */
function guard(node: ModelNode, type: 'object' | 'array' | 'string', body: string[]): string[] {
  if (onlyType(node) === type) return body;
  return [`if (${typeTest(type, 'v')}) {`, ...indent(body), '}'];
}

/**
 * Statements that check the value in `x` (at depth `depth`) against `node` and, walking, set `r` to what
 * stands in its place: the value itself, its sanitized form, or `A` when its purpose answers later.
 */
export function valueCode(node: ModelNode, mode: Mode, depth: string, emitter: Emitter): string[] {
  const fail = failOf(mode);
  if (node.never) return [`${fail};`];
  if (node.union !== undefined || node.object !== undefined || node.array !== undefined) {
    if (mode === 'check') return [`if (!${emitter.fn(node, 'check')}(x)) return false;`];
    const call =
      mode === 'paced' && needsPacing(node)
        ? `yield* ${emitter.fn(node, 'paced')}(x, c, ${depth})`
        : `${emitter.fn(node, 'walk')}(x, c, ${depth})`;
    return [`r = ${call};`, 'if (r === S) return S;'];
  }
  const lines = ownChecks(node, 'x', fail, emitter);
  if (mode !== 'check') lines.push(...purposeCode(node, 'x', depth, emitter));
  return lines;
}

/** Sets `r` for a string through its purpose (or to `x` itself when nothing needs doing). */
function purposeCode(node: ModelNode, x: string, depth: string, emitter: Emitter): string[] {
  const purpose = node.purpose;
  if (purpose === undefined) return [`r = ${x};`];
  // The enum purpose keeps exactly the strings this node lists, and the checks above passed only those.
  if (purpose.kind === 'enum' && node.values !== undefined) return [`r = ${x}; // a listed value`];
  const p = emitter.constant(purpose);
  const sanitize = `r = $sanitize(${p}, ${x}, c, ${depth}); if (r === S) return S;`;
  const lines =
    purpose.passes === undefined ? [sanitize] : [`r = ${x};`, `if (!${p}.passes(${x})) { ${sanitize} }`];
  if (onlyType(node) === 'string') return lines;
  return [`r = ${x};`, `if (typeof ${x} === "string") {`, ...indent(lines), '}'];
}

/** Copy on write: the container is copied the first time a member changes, or waits for its purpose. */
function written(copy: string, key: string): string[] {
  return [
    'if (r !== x) {',
    `  if (o === v) o = ${copy};`,
    `  if (r === A) $defer(c, x, o, ${key}, d + 1);`,
    `  else ${key === 'k' ? '$set(o, k, r)' : 'o[i] = r'};`,
    '}',
  ];
}

function objectBody(part: ObjectPart, mode: Mode, emitter: Emitter): string[] {
  const walking = mode !== 'check';
  const required = new Set(part.required);
  const declared = new Set(part.properties.map(([name]) => name));
  const counted = [...required].filter((name) => declared.has(name));
  const lines = ['const keys = Object.keys(v), n = keys.length;'];
  if (part.maxProperties !== undefined) lines.push(`if (n > ${String(part.maxProperties)}) ${failOf(mode)};`);
  if (part.minProperties !== undefined) lines.push(`if (n < ${String(part.minProperties)}) ${failOf(mode)};`);
  lines.push(walking ? 'let o = v, q = 0;' : 'let q = 0;', 'for (let j = 0; j < n; j++) {');
  const loop = ['const k = keys[j];', 'x = v[k];', ...(walking ? ['c.p[d] = k;'] : []), 'switch (k) {'];
  for (const [name, member] of part.properties) {
    const count = required.has(name) ? ['q++;'] : [];
    loop.push(
      `  case ${literal(name)}:`,
      ...indent(indent([...count, ...valueCode(member, mode, 'd + 1', emitter), 'break;'])),
    );
  }
  const rest =
    part.additional === false ? [`${failOf(mode)};`] : valueCode(part.additional, mode, 'd + 1', emitter);
  loop.push('  default:', ...indent(indent(rest)), '}');
  if (walking) loop.push(...written('$copy(v)', 'k'));
  lines.push(...indent(loop), '}', `if (q !== ${String(counted.length)}) ${failOf(mode)};`);
  for (const name of required)
    if (!declared.has(name)) lines.push(`if (!$has(v, ${literal(name)})) ${failOf(mode)};`);
  lines.push(walking ? 'return o;' : 'return true;');
  return lines;
}

function arrayBody(part: ArrayPart, mode: Mode, emitter: Emitter): string[] {
  const walking = mode !== 'check';
  const prefix = part.prefixItems.length;
  const lines = ['const n = v.length;'];
  if (part.maxItems !== undefined) lines.push(`if (n > ${String(part.maxItems)}) ${failOf(mode)};`);
  if (part.minItems !== undefined) lines.push(`if (n < ${String(part.minItems)}) ${failOf(mode)};`);
  if (part.items === false) lines.push(`if (n > ${String(prefix)}) ${failOf(mode)};`);
  // Items are walked in one go: a paced array pauses between them, never inside one.
  const itemMode: Mode = mode === 'check' ? 'check' : 'walk';
  const rest = part.items === false ? [] : valueCode(part.items, itemMode, 'd + 1', emitter);
  const loop: string[] = [];
  if (mode === 'paced')
    loop.push(`if (--c.t === 0) { c.t = ${String(ITEMS_PER_CHECK)}; if ($spent()) yield; }`);
  loop.push('x = v[i];', ...(walking ? ['c.p[d] = i;'] : []));
  if (prefix === 0) loop.push(...rest);
  else {
    loop.push('switch (i) {');
    part.prefixItems.forEach((item, i) => {
      loop.push(
        `  case ${String(i)}:`,
        ...indent(indent([...valueCode(item, itemMode, 'd + 1', emitter), 'break;'])),
      );
    });
    loop.push('  default:', ...indent(indent(rest)), '}');
  }
  if (walking) loop.push(...written('v.slice()', 'i'));
  lines.push(walking ? 'let o = v;' : '', 'for (let i = 0; i < n; i++) {', ...indent(loop), '}');
  lines.push(walking ? 'return o;' : 'return true;');
  return lines.filter((line) => line !== '');
}
