// Takes the gate's projection of a whole result apart: the structured data the agent gets, and the content blocks.
import type { ToolSuccess } from '../../vocabulary/outcome.js';
import type { PurposeKind } from '../../vocabulary/purpose-kinds.js';
import { CONTENT_FIELD, STRUCTURED_FIELD } from '../contract/result-contract.js';

/** The accepted outcome with only the structured projection as `data`, and the sanitized content blocks. */
export interface Unwrapped {
  readonly outcome: ToolSuccess<unknown>;
  readonly content: unknown;
}

const CONTENT_POINTER = `/${CONTENT_FIELD}`;
const STRUCTURED_POINTER = `/${STRUCTURED_FIELD}`;

/**
 * Splits a success whose data is the envelope projection. With {@link STRUCTURED_FIELD} the data becomes
 * that value (purposes re-keyed from under it); with a contract projection it is the projected fields
 * without {@link CONTENT_FIELD}; a text-only result has `data: null`. Content purposes are dropped from
 * the outcome: the blocks leave as shaped blocks, not as data.
 */
export function unwrapSuccess(success: ToolSuccess<unknown>, structured: boolean): Unwrapped {
  const fields = (success.data ?? {}) as Record<string, unknown>;
  const content = fields[CONTENT_FIELD];
  const purposes = Object.create(null) as Record<string, PurposeKind>;
  let data: unknown = null;
  if (Object.hasOwn(fields, STRUCTURED_FIELD)) {
    data = fields[STRUCTURED_FIELD];
    for (const [pointer, kind] of Object.entries(success.meta.purposes)) {
      if (pointer === STRUCTURED_POINTER || pointer.startsWith(`${STRUCTURED_POINTER}/`))
        purposes[pointer.slice(STRUCTURED_POINTER.length)] = kind;
    }
  } else if (structured) {
    data = Object.fromEntries(Object.entries(fields).filter(([field]) => field !== CONTENT_FIELD));
    for (const [pointer, kind] of Object.entries(success.meta.purposes)) {
      if (pointer !== CONTENT_POINTER && !pointer.startsWith(`${CONTENT_POINTER}/`)) purposes[pointer] = kind;
    }
  }
  return {
    outcome: { ...success, data, meta: { ...success.meta, purposes: Object.freeze(purposes) } },
    content,
  };
}
