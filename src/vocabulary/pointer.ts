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
 * The member names a contract declares (every `properties` key and `required` name in its schema). Text the
 * contract's author wrote, so a pointer may show it; any other name came from the payload.
 */
export type DeclaredNames = ReadonlySet<string>;

/**
 * A pointer safe to put in an issue, a finding or a log. Array indices are kept. With `declared` (the
 * contract's names), a member name is kept only when the contract declares it and it is a plain identifier
 * (up to 64 of `A-Za-z0-9_$.-`): every other name — a misspelt or unexpected member, a map key under
 * `patternProperties`, a duplicate the parser refused — is replaced by `#` and an 8-hex-digit digest keyed
 * per process, so no payload-chosen text survives and no guess can be checked against a table, while equal
 * names still compare equal within one process. Without `declared`, plain identifiers are kept (for
 * locations in values that have no contract, such as tool-call arguments).
 */
export function redactPointer(path: readonly PointerSegment[], declared?: DeclaredNames): string {
  let out = '';
  for (const segment of path) out += '/' + redactSegment(segment, declared);
  return out;
}

/** Redacts an exact pointer segment by segment (see {@link redactPointer}). */
export function redactPointerString(pointer: string, declared?: DeclaredNames): string {
  return redactPointer(parsePointer(pointer), declared);
}

function redactSegment(segment: PointerSegment, declared: DeclaredNames | undefined): string {
  if (typeof segment === 'number') return String(segment);
  if ((declared === undefined || declared.has(segment)) && PLAIN_SEGMENT.test(segment)) return segment;
  return '#' + keyedDigest(segment);
}

/**
 * A random 32-bit starting state for this process, so digests are keyed (Web Crypto: Node and browsers), drawn
 * on the first digest: Node loads Web Crypto on first use, and most processes never redact a name.
 */
let digestSeed: number | undefined;

/**
 * FNV-1a over UTF-16 code units from the per-process seed, then a final avalanche (murmur3's fmix32), as 8
 * hex digits. A stable label within one process, not a cryptographic digest.
 */
function keyedDigest(text: string): string {
  digestSeed ??= globalThis.crypto.getRandomValues(new Uint32Array(1))[0] ?? 0x811c9dc5;
  let hash = digestSeed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  hash ^= hash >>> 16;
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The typed path of an exact pointer into `value`: a segment is an array index (a number) where the value at
 * that point is an array, a member name otherwise, so a member named like a number is never taken for an
 * index. Segments past a missing step are member names.
 */
export function typedPath(value: unknown, pointer: string): PointerSegment[] {
  const path: PointerSegment[] = [];
  let at: unknown = value;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(at) && isArrayIndex(segment)) {
      path.push(Number(segment));
      at = at[Number(segment)];
    } else {
      path.push(segment);
      at =
        typeof at === 'object' && at !== null && Object.hasOwn(at, segment)
          ? (at as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return path;
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
