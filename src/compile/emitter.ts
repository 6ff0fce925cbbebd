// Collects the generated pass of one contract: a function per schema node, and the constants they share.
import type { Constants } from './emit-checks.js';
import { comment } from './emit-checks.js';
import type { ModelNode } from './model.js';

/**
 * What the generated code does with a value: `walk` checks it and sends its strings through their purposes
 * (returning the sanitized value or `S`), `check` only tells whether it is valid (for choosing a branch), and
 * `paced` is `walk` as a generator that may pause between the items of a long array.
 */
export type Mode = 'walk' | 'check' | 'paced';

/** Writes the body of one node's function in one mode. */
export type BodyWriter = (node: ModelNode, mode: Mode, emitter: Emitter) => string[];

const PREFIX: Readonly<Record<Mode, string>> = { walk: 'w', check: 'v', paced: 'g' };
const PARAMETERS: Readonly<Record<Mode, string>> = { walk: '(v, c, d)', check: '(v)', paced: '(v, c, d)' };

/**
 * The functions and constants of one generated pass. A node's function is written the first time it is
 * asked for, so only what the contract reaches is generated, each function once per mode.
 */
export class Emitter implements Constants {
  private readonly values: unknown[] = [];
  private readonly indexes = new Map<unknown, number>();
  private readonly functions: string[] = [];
  private readonly names = new Map<string, string>();
  private count = 0;

  constructor(private readonly body: BodyWriter) {}

  /** The constants the generated code reads (`K0`, `K1` … are `K[0]`, `K[1]` …). */
  get constants(): readonly unknown[] {
    return this.values;
  }

  /** `Ki` for a value the code cannot hold as a literal (a pattern, a format, a purpose, a set). */
  constant(value: unknown): string {
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.indexes.set(value, index);
    }
    return `K${String(index)}`;
  }

  /** The name of a node's function in one mode, writing the function on first use. */
  fn(node: ModelNode, mode: Mode): string {
    const key = `${mode}:${String(node.id)}`;
    const known = this.names.get(key);
    if (known !== undefined) return known;
    const name = `${PREFIX[mode]}${String(node.id)}`;
    this.names.set(key, name);
    const keyword = mode === 'paced' ? 'function*' : 'function';
    this.define(`${keyword} ${name}${PARAMETERS[mode]}`, `#${node.location}`, this.body(node, mode, this));
    return name;
  }

  /** Adds a function: its head (`function name(params)`), what it is for, and its body. */
  define(head: string, what: string, lines: readonly string[]): void {
    this.functions.push([comment(what), `${head} {`, ...indent(lines), '}'].join('\n'));
  }

  /** A fresh name with a prefix, for functions that belong to no node (the projection's). */
  name(prefix: string): string {
    return `${prefix}${String(this.count++)}`;
  }

  /** The constants' declarations, then every function written so far, in the order they were first asked for. */
  source(): string {
    const constants = this.values.map((_, i) => `const K${String(i)} = K[${String(i)}];`);
    return [constants.join('\n'), ...this.functions].join('\n\n');
  }
}

/** Indents generated lines by two spaces. */
export function indent(lines: readonly string[]): string[] {
  return lines.map((line) => (line === '' ? line : `  ${line}`));
}
