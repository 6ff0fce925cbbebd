// JSON pointers (RFC 6901): building, parsing, resolving, and a redacted form safe for audit records.

/** One step into a JSON value: a member name or an array index. */
export type PointerSegment = string | number;

const PLAIN_SEGMENT = /^[A-Za-z0-9_$.-]{1,64}$/;

/** Escapes one segment per RFC 6901 (`~` → `~0`, `/` → `~1`). */
export function escapeSegment(segment: PointerSegment): string {
  if (typeof segment === 'number') return String(segment);
  return NEEDS_ESCAPE.test(segment) ? segment.replaceAll('~', '~0').replaceAll('/', '~1') : segment;
}

const NEEDS_ESCAPE = /[~/]/;

/** The exact JSON pointer for a path. Holds member names verbatim: for internal lookups, not for reports. */
export function formatPointer(path: readonly PointerSegment[]): string {
  let out = '';
  for (const segment of path) out += '/' + escapeSegment(segment);
  return out;
}

/** Appends one segment to an exact pointer. */
export function childPointer(pointer: string, segment: PointerSegment): string {
  return pointer + '/' + escapeSegment(segment);
}

/**
 * A pointer safe to put in an issue, a finding or a log: indices and plain identifiers (up to 64 of
 * `A-Za-z0-9_$.-`) are kept, any other member name is replaced by `#` and an 8-hex-digit digest, so no
 * attacker-chosen text survives while equal names still compare equal.
 */
export function redactPointer(path: readonly PointerSegment[]): string {
  let out = '';
  for (const segment of path) out += '/' + redactSegment(segment);
  return out;
}

/** Redacts an exact pointer segment by segment (see {@link redactPointer}). */
export function redactPointerString(pointer: string): string {
  return redactPointer(parsePointer(pointer));
}

function redactSegment(segment: PointerSegment): string {
  if (typeof segment === 'number' || PLAIN_SEGMENT.test(segment)) return String(segment);
  return '#' + fnv1a(segment);
}

/** FNV-1a over UTF-16 code units, as 8 hex digits. A stable label, not a cryptographic digest. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Splits a pointer into unescaped segments. Throws on a pointer that does not start with `/` (a config error). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new TypeError('A JSON pointer must be empty or start with "/".');
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** True for an array index as JSON pointers write it: `0`, or digits without a leading zero. */
export function isArrayIndex(segment: string): boolean {
  return ARRAY_INDEX.test(segment);
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** Where a path leads in a value: the value there, and its container and key (none for the empty path). */
export interface Located {
  readonly value: unknown;
  readonly container: object | undefined;
  readonly key: string | number;
}

/**
 * Follows a path through a value, or returns `undefined` when any step is missing. Reads own properties
 * only, and array items only by canonical index within the array.
 */
export function locatePath(root: unknown, path: readonly string[]): Located | undefined {
  let value = root;
  let container: object | undefined;
  let key: string | number = '';
  for (const segment of path) {
    if (Array.isArray(value)) {
      const index = Number(segment);
      if (!ARRAY_INDEX.test(segment) || index >= value.length) return undefined;
      container = value;
      key = index;
      value = value[index];
    } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, segment)) {
      container = value;
      key = segment;
      value = (value as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return { value, container, key };
}

/** The value at a path, or `undefined` when any step is missing (see {@link locatePath}). */
export function resolvePath(value: unknown, path: readonly string[]): unknown {
  return locatePath(value, path)?.value;
}
