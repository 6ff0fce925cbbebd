// The permission decision document, and checking one against the decision schema of a vocabulary.
import type { ValidateFunction } from 'ajv';
import { redactPointerString } from '../vocabulary/pointer.js';
import { createAjv } from '../schema/ajv-factory.js';
import { decisionSchema, type Decision, type DecisionReason } from './decision-schema.js';

/**
 * The permission decision: a second JSON document, written after the arguments' shape is checked,
 * that says whether a call may run. If `decision` is not `allow`, the call does not run.
 */
export interface DecisionDocument {
  /** The tool's catalogue name, or `#` and 16 hex digits for a name the catalogue does not hold. */
  readonly tool: string;
  /** The arguments are valid against the tool's input schema. */
  readonly argumentsValid: boolean;
  /** The tool is on the session's allowlist (and, with a registry, its definition is approved). */
  readonly toolAllowed: boolean;
  /** The capabilities the session holds. */
  readonly grant: readonly string[];
  /** The capabilities the tool needs. */
  readonly required?: readonly string[];
  /** The arguments carry values taken from untrusted tool output. */
  readonly tainted?: boolean;
  readonly decision: Decision;
  readonly reason: DecisionReason;
}

/** A document accepted by the schema, or the keyword and redacted location that refused it. */
export type DecisionCheck =
  | { readonly ok: true; readonly document: DecisionDocument }
  | { readonly ok: false; readonly code: `decision.${string}`; readonly pointer: string };

/** A compiled decision schema for one vocabulary: checks a document, never throws on content. */
export type DecisionValidator = (document: unknown) => DecisionCheck;

/** Compiles the decision schema for a capability vocabulary through Airlock's ajv factory (strict, 2020-12). */
export function createDecisionValidator(capabilities: readonly string[]): DecisionValidator {
  const validate: ValidateFunction = createAjv().compile(decisionSchema(capabilities));
  return (document) => {
    let valid: boolean;
    try {
      valid = validate(document);
    } catch {
      // A hostile object (a throwing getter, a proxy) is refused like any other invalid document.
      return { ok: false, code: 'decision.unreadable', pointer: '' };
    }
    if (valid) return { ok: true, document: document as DecisionDocument };
    const error = validate.errors?.[0];
    return {
      ok: false,
      code: `decision.${error?.keyword ?? 'invalid'}`,
      pointer: safePointer(error?.instancePath ?? ''),
    };
  };
}

function safePointer(pointer: string): string {
  try {
    return redactPointerString(pointer);
  } catch {
    return '';
  }
}
