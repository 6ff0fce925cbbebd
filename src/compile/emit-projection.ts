// The generated projection of a contract: the agent-facing object, its strings placed by their known purpose.
import type { ProjectionSpec } from '../project/projection.js';
import { escapeSegment, isArrayIndex, parsePointer } from '../vocabulary/pointer.js';
import { comment, literal } from './emit-checks.js';
import type { Emitter } from './emitter.js';
import type { PurposeTree } from './purpose-tree.js';

/**
 * Writes the projection's functions and returns the name of the one that builds the whole projection:
 * `(s, place, rec, at)` reads the sanitized value `s`, places each string it copies as `place` makes it and,
 * when `rec` is given, records the string's purpose under its pointer (`at` is the pointer of what is built).
 * The purposes come from the schema (`tree`), so nothing is looked up per string. Without a spec the whole
 * value is copied.
 */
export function emitProjection(
  spec: ProjectionSpec | undefined,
  tree: PurposeTree | undefined,
  emitter: Emitter,
): string {
  const name = emitter.name('p');
  if (spec === undefined) {
    emitter.define(`function ${name}(s, place, rec, at)`, 'the whole value', [
      `return $copyWith(s, ${treeConstant(tree, emitter)}, place, rec, at);`,
    ]);
    return name;
  }
  emitter.define(`function ${name}(s, place, rec, at)`, 'the projection', objectLines(spec, tree, emitter));
  return name;
}

function treeConstant(tree: PurposeTree | undefined, emitter: Emitter): string {
  return tree === undefined ? 'undefined' : emitter.constant(tree);
}

/** `s` followed down a pointer as the interpreter's projection follows it (`undefined` where it leads nowhere). */
function navigate(path: readonly string[]): string {
  let code = 's';
  for (const segment of path)
    code = `$step(${code}, ${literal(segment)}, ${isArrayIndex(segment) ? segment : '-1'})`;
  return code;
}

/** The schema's purposes at the end of a pointer (throws `Unsupported` where they are not one purpose). */
function treeAt(tree: PurposeTree | undefined, path: readonly string[]): PurposeTree | undefined {
  let at = tree;
  for (const segment of path) at = at?.step(segment);
  return at;
}

function objectLines(spec: ProjectionSpec, tree: PurposeTree | undefined, emitter: Emitter): string[] {
  const lines = ['const out = {};', 'let t;'];
  for (const [field, rule] of Object.entries(spec)) {
    const pointer = literal(`/${escapeSegment(field)}`);
    const target =
      field === '__proto__'
        ? (value: string) => `$set(out, "__proto__", ${value});`
        : (value: string) => `out[${literal(field)}] = ${value};`;
    const at = `rec === undefined ? "" : at + ${pointer}`;
    if (typeof rule === 'string') {
      const path = parsePointer(rule);
      lines.push(comment(`${field}: ${rule}`), `t = ${navigate(path)};`);
      lines.push(
        `if (t !== undefined) ${target(`$copyWith(t, ${treeConstant(treeAt(tree, path), emitter)}, place, rec, ${at})`)}`,
      );
      continue;
    }
    const from = parsePointer(rule.from);
    const items = treeAt(tree, from)?.anyItem();
    const each = eachCall(rule.each, items, emitter);
    lines.push(
      comment(`${field}: each of ${rule.from}`),
      `t = ${navigate(from)};`,
      'if (Array.isArray(t)) {',
    );
    lines.push('  const n = t.length, m = new Array(n);');
    lines.push(
      `  for (let i = 0; i < n; i++) m[i] = ${each(`t[i]`, `rec === undefined ? "" : at + ${pointer} + "/" + i`)};`,
    );
    lines.push(`  ${target('m')}`, '}');
  }
  lines.push('return out;');
  return lines;
}

/** How one item of a list is projected: a pointer relative to the item, or a nested projection. */
function eachCall(
  each: string | ProjectionSpec,
  tree: PurposeTree | undefined,
  emitter: Emitter,
): (item: string, at: string) => string {
  if (typeof each !== 'string') {
    const name = emitter.name('p');
    emitter.define(
      `function ${name}(s, place, rec, at)`,
      'an item of a list',
      objectLines(each, tree, emitter),
    );
    return (item, at) => `${name}(${item}, place, rec, ${at})`;
  }
  const path = parsePointer(each);
  if (path.length === 0) {
    const constant = treeConstant(tree, emitter);
    return (item, at) => `$copyWith(${item}, ${constant}, place, rec, ${at})`;
  }
  // A pick relative to the item that may lead nowhere: the interpreter leaves an undefined in the list.
  const name = emitter.name('e');
  const constant = treeConstant(treeAt(tree, path), emitter);
  emitter.define(`function ${name}(s, place, rec, at)`, `the item's ${each}`, [
    `const t = ${navigate(path)};`,
    `return t === undefined ? undefined : $copyWith(t, ${constant}, place, rec, at);`,
  ]);
  return (item, at) => `${name}(${item}, place, rec, ${at})`;
}
