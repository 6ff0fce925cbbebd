// What generated passes call: the purposes' outcomes applied as the walk applies them, copies, pacing.
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import { setOwnMember } from '../json/own-member.js';
import type { ConfiguredPurpose, PurposeOutcome } from '../purposes/purpose.js';
import { sliceSpent } from '../walk/pacing.js';
import { settle } from '../walk/walk-state.js';
import { isThenable } from '../vocabulary/settle-within.js';
import type { PassState } from './pass-state.js';
import { copyWith, step } from './copy-with.js';

/** ajv's count of code points (a lone surrogate counts one), which `minLength` and `maxLength` compare. */
const ucs2length: (text: string) => number =
  typeof ucs2lengthModule === 'function'
    ? ucs2lengthModule
    : (ucs2lengthModule as unknown as { default: (text: string) => number }).default;

/**
 * Returned by generated code in place of a value when the value leaves the compiled path: it is invalid, a
 * purpose refused it or it grew too much, or the contract's answer needs the interpreter. The gate then asks
 * the validator and the interpreter, which decide exactly as before.
 */
export const STOP: object = Object.freeze({ stop: true });

/** Stands in for a string whose purpose answers later (see `$defer`). */
export const LATER: object = Object.freeze({ later: true });

/**
 * A string through its configured purpose: the string itself when the outcome keeps it without a word, else
 * the outcome applied as the interpreter's walk applies it (findings and hidden payloads located at the
 * path `c.p[0..depth)`, growth counted against the budget), `STOP` when it was refused or grew too much, and
 * `LATER` when the purpose answers with a promise (kept in `c.promise` for `$defer`).
 */
function sanitizeString(
  purpose: ConfiguredPurpose,
  value: string,
  c: PassState,
  depth: number,
): string | typeof STOP {
  const outcome = purpose.sanitize(value);
  if (isThenable<PurposeOutcome>(outcome)) {
    c.promise = outcome;
    return LATER;
  }
  if (
    outcome.ok &&
    outcome.value === value &&
    outcome.findings.length === 0 &&
    (outcome.hidden?.length ?? 0) === 0
  )
    return value;
  c.depth = depth;
  return settle(outcome, value, c, undefined) ?? STOP;
}

/** Records the last promised outcome with the place its value goes: the container's copy, at `key`. */
function defer(c: PassState, input: string, container: object, key: string | number, depth: number): void {
  const promise = c.promise as PromiseLike<PurposeOutcome>;
  c.pending.push({ promise, input, path: c.p.slice(0, depth), place: { container, key } });
}

/** A shallow copy of an object as the walk makes it (own enumerable members, `__proto__` among them). */
function copyObject(source: object): object {
  return { ...source };
}

/** The helpers every generated pass receives as `rt`. */
export const RUNTIME = Object.freeze({
  S: STOP,
  A: LATER,
  $u: ucs2length,
  $sanitize: sanitizeString,
  $defer: defer,
  $copy: copyObject,
  $set: setOwnMember,
  $has: Object.hasOwn,
  $spent: sliceSpent,
  $step: step,
  $copyWith: copyWith,
});

/** The names the generated code reads from `rt`. */
export const RUNTIME_NAMES: readonly string[] = Object.freeze(Object.keys(RUNTIME));
