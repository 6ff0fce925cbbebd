// The metadata-only projection of an outcome: identifiers and status kept, every other string dropped.
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { isUntrusted } from '../taint/untrusted.js';
import { childPointer } from '../vocabulary/pointer.js';
import { purposesWith, type PurposeKind } from '../vocabulary/purpose-kinds.js';

/** The purposes a metadata-only projection keeps: strict identifiers and exact-match statuses. */
export const METADATA_PURPOSES: readonly PurposeKind[] = purposesWith('metadata');

/**
 * Projects an accepted outcome down to identifiers and status (the answer of a tool isolated after failures:
 * only ids and statuses get through). A string stays only when its purpose is `id` or `enum`; any other
 * string — text, URLs, HTML, or one with no purpose — is left out: as a member it is removed, as an array
 * item it becomes `null` so the other items keep their pointers. Numbers, booleans and null stay. Purposes
 * are kept for what stays. A failure is returned as it is. Works on the already validated and sanitized
 * value, so nothing unchecked is ever exposed; callers mark the result as an incomplete projection.
 */
export function projectMetadataOnly<T>(outcome: ToolOutcome<T>): ToolOutcome<unknown> {
  if (!outcome.ok) return outcome;
  const source = outcome.meta.purposes;
  const kept = Object.create(null) as Record<string, PurposeKind>;
  const strip = (value: unknown, pointer: string): unknown => {
    if (isUntrusted(value)) return undefined; // text and html, untrusted by construction
    if (typeof value === 'string') {
      const kind = source[pointer];
      if (kind === undefined || !METADATA_PURPOSES.includes(kind)) return undefined;
      kept[pointer] = kind;
      return value;
    }
    if (Array.isArray(value))
      return value.map((item, index) => strip(item, childPointer(pointer, index)) ?? null);
    if (typeof value === 'object' && value !== null) {
      const members = Object.entries(value)
        .map(([name, inner]) => [name, strip(inner, childPointer(pointer, name))] as const)
        .filter(([, inner]) => inner !== undefined);
      return Object.fromEntries(members);
    }
    return value;
  };
  const data = strip(outcome.data, '');
  return { ok: true, data: data ?? null, meta: { ...outcome.meta, purposes: Object.freeze(kept) } };
}
