// Generated checks of one value against a node's own keywords: type, enum/const, string and number bounds.
import type { JsonType, ModelNode } from './model.js';

/** Where generated code keeps values it cannot write as literals (patterns, formats, purposes): `K[i]`. */
export interface Constants {
  constant(value: unknown): string;
}

/** A JavaScript literal for a string, number, boolean or null from the contract (line separators escaped). */
export function literal(value: string | number | boolean | null): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** A one-line comment naming contract text: quoted as a literal, so nothing in it can end the comment. */
export function comment(text: string): string {
  return `// ${literal(text)}`;
}

/** The test that `x` has one JSON type, exactly as ajv's `type` keyword tests it. */
export function typeTest(type: JsonType, x: string): string {
  switch (type) {
    case 'null':
      return `${x} === null`;
    case 'boolean':
      return `typeof ${x} === "boolean"`;
    case 'number':
      return `(typeof ${x} === "number" && isFinite(${x}))`;
    case 'integer':
      return `(typeof ${x} === "number" && !(${x} % 1) && isFinite(${x}))`;
    case 'string':
      return `typeof ${x} === "string"`;
    case 'array':
      return `Array.isArray(${x})`;
    default:
      return `(${x} !== null && typeof ${x} === "object" && !Array.isArray(${x}))`;
  }
}

/** Whether a node admits exactly one JSON type, and that type. */
export function onlyType(node: ModelNode): JsonType | undefined {
  return node.types?.length === 1 ? node.types[0] : undefined;
}

/** Enumerations longer than this are looked up in a Set (same answers as `===` for these values). */
const INLINE_VALUES = 8;

/**
 * Statements that end with `fail` unless `x` meets the node's own keywords (not its members or branches):
 * its type, its enum or const, and the string and number bounds that apply to a value of its type.
 */
export function ownChecks(node: ModelNode, x: string, fail: string, constants: Constants): string[] {
  const lines: string[] = [];
  const types = node.types;
  if (types !== undefined)
    lines.push(`if (!(${types.map((type) => typeTest(type, x)).join(' || ')})) ${fail};`);
  const values = node.values;
  if (values !== undefined) {
    const test =
      values.length > INLINE_VALUES
        ? `${constants.constant(new Set(values))}.has(${x})`
        : values.map((value) => `${x} === ${literal(value)}`).join(' || ') || 'false';
    lines.push(`if (!(${test})) ${fail};`);
  }
  const strings = stringChecks(node, x, fail, constants);
  if (strings.length > 0) lines.push(...guarded(node, 'string', `typeof ${x} === "string"`, strings));
  const numbers = numberChecks(node, x, fail);
  if (numbers.length > 0) lines.push(...guarded(node, 'number', `typeof ${x} === "number"`, numbers));
  return lines;
}

/** Checks that apply to one type, guarded by a type test unless the node admits only that type. */
function guarded(node: ModelNode, type: 'string' | 'number', test: string, lines: string[]): string[] {
  const only = onlyType(node);
  if (only === type || (type === 'number' && only === 'integer')) return lines;
  return [`if (${test}) {`, ...lines.map((line) => `  ${line}`), '}'];
}

function stringChecks(node: ModelNode, x: string, fail: string, constants: Constants): string[] {
  const { minLength, maxLength, pattern, format } = node.string;
  const lines: string[] = [];
  // ajv counts code points; a string is never longer in code points than in code units, nor shorter than half.
  if (maxLength !== undefined)
    lines.push(`if (${x}.length > ${maxLength} && $u(${x}) > ${maxLength}) ${fail};`);
  if (minLength !== undefined)
    lines.push(
      `if (${x}.length < ${minLength} || (${x}.length < ${2 * minLength} && $u(${x}) < ${minLength})) ${fail};`,
    );
  if (pattern !== undefined)
    lines.push(`if (!${constants.constant(pattern)}.test(${x})) ${fail}; // pattern`);
  if (format !== undefined)
    lines.push(`if (!${constants.constant(format)}.test(${x})) ${fail}; ${comment(`format ${format.name}`)}`);
  return lines;
}

function numberChecks(node: ModelNode, x: string, fail: string): string[] {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node.number;
  const lines: string[] = [];
  if (minimum !== undefined) lines.push(`if (${x} < ${literal(minimum)}) ${fail};`);
  if (maximum !== undefined) lines.push(`if (${x} > ${literal(maximum)}) ${fail};`);
  if (exclusiveMinimum !== undefined) lines.push(`if (${x} <= ${literal(exclusiveMinimum)}) ${fail};`);
  if (exclusiveMaximum !== undefined) lines.push(`if (${x} >= ${literal(exclusiveMaximum)}) ${fail};`);
  return lines;
}
