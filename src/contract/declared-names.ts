// Collects the member names a contract declares, so reports can tell the author's names from the payload's.
import type { DeclaredNames } from '../vocabulary/pointer.js';

/**
 * Every member name written in a contract schema: the keys of each `properties` and `dependentRequired`
 * object and each string of a `required` list, at any depth (`$defs` included). The walk reads the whole
 * schema once at definition time; collecting a name from an unexpected place is harmless, since every string
 * in a contract is the author's own text, never the payload's.
 */
export function declaredNames(schema: unknown): DeclaredNames {
  const names = new Set<string>();
  const pending: unknown[] = [schema];
  const seen = new Set<object>();
  for (let node = pending.pop(); node !== undefined || pending.length > 0; node = pending.pop()) {
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      pending.push(...(node as unknown[]));
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const keyword of ['properties', 'dependentRequired'])
      if (isRecord(record[keyword])) for (const name of Object.keys(record[keyword])) names.add(name);
    const required = record.required;
    if (Array.isArray(required))
      for (const name of required as unknown[]) if (typeof name === 'string') names.add(name);
    pending.push(...Object.values(record));
  }
  return names;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
