// Finds the top-level members of a JSON object in UTF-8 bytes, by name and byte span, without parsing their values.

/** One member: its name (null when longer than {@link MAX_NAME_BYTES}) and the byte span of its value. */
export interface MemberSpan {
  readonly name: string | null;
  /** Offset of the value's first byte. */
  readonly start: number;
  /** Offset just past the value's last byte. */
  readonly end: number;
}

/** What a scan found: the complete members, and the member still open where the bytes stopped (a cut message). */
export interface ScannedObject {
  readonly members: readonly MemberSpan[];
  readonly open?: { readonly name: string | null; readonly start: number };
  /** The object's closing brace was reached. */
  readonly closed: boolean;
}

/** Longest member name decoded; longer names are reported as `null` (no JSON-RPC member is that long). */
export const MAX_NAME_BYTES = 256;

const decoder = new TextDecoder('utf-8', { fatal: false });
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** Returned by the skipping helpers when the bytes end first. */
const CUT = -1;
/** Returned when the bytes are not JSON of the expected shape. */
const BAD = -2;

/**
 * Scans one JSON object starting at `start` (after optional whitespace). Values are skipped by structure only
 * (strings by their unescaped closing quote, containers by depth), so the cost is one pass with native
 * `indexOf` over string bodies. Not a validator: the strict parser judges the bytes later. Returns `undefined`
 * when the bytes are not an object of members, and `closed: false` with the members seen so far when the
 * bytes end inside it (the head of an oversized message). Never throws.
 */
export function scanObject(bytes: Uint8Array, start = 0, end = bytes.length): ScannedObject | undefined {
  let at = skipSpace(bytes, start, end);
  if (bytes[at] !== OPEN_BRACE) return undefined;
  at = skipSpace(bytes, at + 1, end);
  const members: MemberSpan[] = [];
  if (bytes[at] === CLOSE_BRACE) return { members, closed: true };
  for (;;) {
    if (at >= end) return { members, closed: false };
    if (bytes[at] !== QUOTE) return undefined;
    const nameEnd = skipString(bytes, at, end);
    if (nameEnd === CUT) return { members, closed: false };
    const name = decodeName(bytes, at, nameEnd);
    if (name === undefined) return undefined;
    at = skipSpace(bytes, nameEnd, end);
    if (at >= end) return { members, closed: false };
    if (bytes[at] !== COLON) return undefined;
    const valueStart = skipSpace(bytes, at + 1, end);
    if (valueStart >= end) return { members, open: { name, start: valueStart }, closed: false };
    const valueEnd = skipValue(bytes, valueStart, end);
    if (valueEnd === BAD) return undefined;
    if (valueEnd === CUT) return { members, open: { name, start: valueStart }, closed: false };
    members.push({ name, start: valueStart, end: valueEnd });
    at = skipSpace(bytes, valueEnd, end);
    if (at >= end) return { members, closed: false };
    if (bytes[at] === CLOSE_BRACE) return { members, closed: true };
    if (bytes[at] !== COMMA) return undefined;
    at = skipSpace(bytes, at + 1, end);
  }
}

/**
 * The last member of the object that ends at `end`, read backwards (the tail of an oversized message, where
 * the SDK writes `"id"` after `"result"`). Only a member that is a direct child of the closing brace can be
 * read this way; `undefined` when the tail does not end like an object or is too short to tell.
 */
export function scanLastMember(bytes: Uint8Array, end = bytes.length): MemberSpan | undefined {
  let at = skipSpaceBack(bytes, end) - 1;
  if (bytes[at] !== CLOSE_BRACE) return undefined;
  const valueEnd = skipSpaceBack(bytes, at);
  const valueStart = scalarStartBack(bytes, valueEnd);
  if (valueStart === undefined) return undefined;
  at = skipSpaceBack(bytes, valueStart) - 1;
  if (bytes[at] !== COLON) return undefined;
  const nameEnd = skipSpaceBack(bytes, at);
  if (bytes[nameEnd - 1] !== QUOTE || escaped(bytes, nameEnd - 1, 0)) return undefined;
  const nameStart = openingQuoteBack(bytes, nameEnd - 1);
  if (nameStart === undefined) return undefined;
  const before = skipSpaceBack(bytes, nameStart) - 1;
  if (bytes[before] !== COMMA && bytes[before] !== OPEN_BRACE) return undefined;
  const name = decodeName(bytes, nameStart, nameEnd);
  return name === undefined ? undefined : { name, start: valueStart, end: valueEnd };
}

/** The member called `name`, if the scan found it complete. */
export function memberNamed(scanned: ScannedObject, name: string): MemberSpan | undefined {
  return scanned.members.find((member) => member.name === name);
}

/** The request id a member span holds: a string, a number, or undefined. */
export function idOf(bytes: Uint8Array, span: MemberSpan | undefined): string | number | undefined {
  if (span === undefined || span.end - span.start > 256) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes.subarray(span.start, span.end)));
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function skipSpace(bytes: Uint8Array, at: number, end: number): number {
  let i = at;
  while (i < end && isSpace(bytes[i])) i++;
  return i;
}

function skipSpaceBack(bytes: Uint8Array, end: number): number {
  let i = end;
  while (i > 0 && isSpace(bytes[i - 1])) i--;
  return i;
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Offset just past the string that opens at `at`, or CUT. */
function skipString(bytes: Uint8Array, at: number, end: number): number {
  let from = at + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote === -1 || quote >= end) return CUT;
    if (!escaped(bytes, quote, at)) return quote + 1;
    from = quote + 1;
  }
}

/** True when the byte at `at` is preceded by an odd run of backslashes (after `floor`). */
function escaped(bytes: Uint8Array, at: number, floor: number): boolean {
  let run = 0;
  for (let i = at - 1; i > floor && bytes[i] === BACKSLASH; i--) run++;
  return run % 2 === 1;
}

/** Offset just past the value that starts at `at`, or CUT, or BAD. */
function skipValue(bytes: Uint8Array, at: number, end: number): number {
  const first = bytes[at];
  if (first === QUOTE) return skipString(bytes, at, end);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return skipContainer(bytes, at, end);
  let i = at;
  while (i < end && isScalarByte(bytes[i])) i++;
  if (i === at) return BAD;
  return i === end ? CUT : i;
}

function skipContainer(bytes: Uint8Array, at: number, end: number): number {
  let depth = 0;
  let i = at;
  while (i < end) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      const after = skipString(bytes, i, end);
      if (after === CUT) return CUT;
      i = after;
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return BAD;
    }
    i++;
  }
  return CUT;
}

/** Bytes of a number or a literal (`true`, `false`, `null`). */
function isScalarByte(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d ||
    byte === 0x2b ||
    byte === 0x2e ||
    byte === 0x45
  );
}

/** Start of the string or scalar value that ends at `end` (exclusive), read backwards. */
function scalarStartBack(bytes: Uint8Array, end: number): number | undefined {
  if (bytes[end - 1] === QUOTE) {
    if (escaped(bytes, end - 1, 0)) return undefined;
    return openingQuoteBack(bytes, end - 1);
  }
  let i = end;
  while (i > 0 && isScalarByte(bytes[i - 1])) i--;
  return i === end || i === 0 ? undefined : i;
}

/** The opening quote of the string whose closing quote is at `close`. */
function openingQuoteBack(bytes: Uint8Array, close: number): number | undefined {
  for (let i = close - 1; i >= 0; i--) {
    if (bytes[i] === QUOTE && !escaped(bytes, i, 0)) return i > 0 ? i : undefined;
  }
  return undefined;
}

function decodeName(bytes: Uint8Array, start: number, end: number): string | null | undefined {
  if (end - start - 2 > MAX_NAME_BYTES) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  if (!text.includes('\\')) return text.slice(1, -1);
  try {
    const name: unknown = JSON.parse(text);
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}
