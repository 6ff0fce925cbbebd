// Projection for a context budget: keeps whole items in order, never cuts inside one, marks what was left out.
import { isUntrusted } from '../../src/taint/untrusted.js';
import type { Untrusted } from '../../src/taint/untrusted.js';
import { untrustedText } from './serialise.js';

/** A context budget. Give either or both; both must hold. */
export interface ContextBudget {
  /** Ceiling in UTF-8 bytes. */
  readonly maxBytes?: number;
  /** Ceiling in tokens, estimated as UTF-8 bytes ÷ {@link BYTES_PER_TOKEN_ESTIMATE}. Use `maxBytes` for a hard bound. */
  readonly maxTokensApprox?: number;
  /** What separates items where they are joined (counted between items; default a blank line). */
  readonly separator?: string;
}

/** A projection: a prefix of the items, and, when it is not all of them, the marker that says so. */
export type Projection<T> =
  | { readonly complete: true; readonly items: readonly T[] }
  | {
      readonly complete: false;
      readonly items: readonly T[];
      /** How many items were left out (all of them after the kept prefix). */
      readonly omitted: number;
      /** The index of the first item left out, where a continuation starts. */
      readonly nextIndex: number;
      /** The marker line to place after the kept items; it counts against the budget. */
      readonly continuation: string;
    };

/**
 * Bytes per token of the `maxTokensApprox` estimate. English averages about four bytes per token, so three
 * keeps an English prompt under the budget; dense scripts (CJK) can run closer to one and a half.
 */
export const BYTES_PER_TOKEN_ESTIMATE = 3;

/** The smallest budget accepted: room for the continuation marker itself. */
export const MIN_BUDGET_BYTES = 160;

const encoder = new TextEncoder();

/** UTF-8 size of an item: a string, or an untrusted value's text (its JSON when it is not a string). */
function measure(item: string | Untrusted<unknown>): number {
  return encoder.encode(isUntrusted(item) ? untrustedText(item) : item).length;
}

/** The continuation marker for `kept` of `total` items. */
export function continuationMarker(kept: number, total: number): string {
  return `⟦incomplete: ${kept} of ${total} items shown, ${total - kept} left out to fit the context budget; continue from item ${kept}⟧`;
}

function budgetBytes({ maxBytes, maxTokensApprox }: ContextBudget): number {
  for (const limit of [maxBytes, maxTokensApprox]) {
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit <= 0)) {
      throw new TypeError('A context budget must be a positive integer.');
    }
  }
  if (maxBytes === undefined && maxTokensApprox === undefined) {
    throw new TypeError('A context budget needs maxBytes or maxTokensApprox.');
  }
  const bytes = Math.min(maxBytes ?? Infinity, (maxTokensApprox ?? Infinity) * BYTES_PER_TOKEN_ESTIMATE);
  if (bytes < MIN_BUDGET_BYTES)
    throw new TypeError(`A context budget must allow at least ${MIN_BUDGET_BYTES} bytes.`);
  return bytes;
}

/**
 * The longest prefix of `items` that fits the budget, whole items only. When items are left out the result says
 * `complete: false` and carries a continuation marker sized into the budget, so the kept items, the separators
 * and the marker together fit. Throws a TypeError for a budget that is missing, not a positive integer, or
 * too small to hold the marker (configuration).
 */
export function projectForBudget<T extends string | Untrusted<unknown>>(
  items: readonly T[],
  budget: ContextBudget,
): Projection<T> {
  const limit = budgetBytes(budget);
  const separatorBytes = encoder.encode(budget.separator ?? '\n\n').length;
  const sizes: number[] = [];
  let used = 0;
  for (const item of items) {
    const size = measure(item) + (sizes.length > 0 ? separatorBytes : 0);
    if (used + size > limit) break;
    sizes.push(size);
    used += size;
  }
  if (sizes.length === items.length) return { complete: true, items };
  const markerSize = (kept: number): number =>
    encoder.encode(continuationMarker(kept, items.length)).length + (kept > 0 ? separatorBytes : 0);
  while (sizes.length > 0 && used + markerSize(sizes.length) > limit) used -= sizes.pop() ?? 0;
  const kept = sizes.length;
  return {
    complete: false,
    items: items.slice(0, kept),
    omitted: items.length - kept,
    nextIndex: kept,
    continuation: continuationMarker(kept, items.length),
  };
}
