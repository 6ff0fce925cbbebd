// String formats for the generated pass: the very checks the contract's ajv instance asserts.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { Unsupported } from './keywords.js';

/** A string format the pass asserts, and its name (for the generated code's comments). */
export interface FormatCheck {
  readonly name: string;
  readonly test: (value: string) => boolean;
}

/**
 * The check ajv runs for `format` on strings: its own format definition (a regular expression, a function or
 * `{ validate }`), so the pass and the validator cannot disagree. Formats that apply to numbers or are
 * asynchronous are not covered.
 */
export function formatCheck(ajv: Ajv2020, name: string, location: string): FormatCheck | undefined {
  const definition: unknown = (ajv.formats as Record<string, unknown>)[name];
  if (definition === true) return undefined;
  if (definition instanceof RegExp) return { name, test: (value) => definition.test(value) };
  if (typeof definition === 'function') {
    const validate = definition as (value: string) => boolean;
    return { name, test: (value) => validate(value) };
  }
  if (typeof definition === 'object' && definition !== null) {
    const { type, async, validate } = definition as { type?: string; async?: boolean; validate?: unknown };
    if ((type ?? 'string') === 'string' && async !== true) {
      if (validate instanceof RegExp) return { name, test: (value) => validate.test(value) };
      if (typeof validate === 'function') {
        const check = validate as (value: string) => boolean;
        return { name, test: (value) => check(value) };
      }
    }
  }
  throw new Unsupported(location, `the format "${name}"`);
}
