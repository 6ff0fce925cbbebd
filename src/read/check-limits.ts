// Refuses malformed read limits with a TypeError, so a bad configuration fails where it is written.
import type { ContentEncoding, ReadLimits } from '../vocabulary/limits.js';
import { parseMediaType } from './media-type.js';

/** The content codings the read stage can undo. */
export const CONTENT_ENCODINGS: readonly ContentEncoding[] = Object.freeze([
  'identity',
  'gzip',
  'deflate',
  'br',
]);

/** The longest timeout `setTimeout` honours (a longer one would fire at once). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Throws a TypeError naming the first malformed field: byte ceilings must be non-negative safe integers,
 * the timeout a positive integer no longer than about 24.8 days, content types lower-case media types
 * without parameters, encodings from {@link CONTENT_ENCODINGS}, and the BOM policy `reject` or `strip`.
 */
export function checkReadLimits(limits: ReadLimits): void {
  // Checked as unknown values: limits often come from JSON contracts, where the types are only a hope.
  const fields: Readonly<Record<keyof ReadLimits, unknown>> = limits;
  byteCount('maxRawBytes', fields.maxRawBytes);
  byteCount('maxDecodedBytes', fields.maxDecodedBytes);
  const { timeoutMs } = fields;
  if (
    typeof timeoutMs !== 'number' ||
    !Number.isInteger(timeoutMs) ||
    timeoutMs <= 0 ||
    timeoutMs > MAX_TIMEOUT_MS
  ) {
    throw new TypeError(`read limit "timeoutMs" must be an integer from 1 to ${MAX_TIMEOUT_MS}.`);
  }
  if (!isListOf(fields.contentTypes, isBareMediaType)) {
    throw new TypeError('read limit "contentTypes" must list lower-case media types without parameters.');
  }
  if (!isListOf(fields.contentEncodings, (e) => (CONTENT_ENCODINGS as readonly unknown[]).includes(e))) {
    throw new TypeError(`read limit "contentEncodings" may only list ${CONTENT_ENCODINGS.join(', ')}.`);
  }
  flag('structuredSuffix', fields.structuredSuffix);
  flag('allowMissingContentType', fields.allowMissingContentType);
  if (fields.bom !== 'reject' && fields.bom !== 'strip') {
    throw new TypeError('read limit "bom" must be "reject" or "strip".');
  }
}

function byteCount(name: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`read limit "${name}" must be a non-negative safe integer.`);
  }
}

function flag(name: string, value: unknown): void {
  if (typeof value !== 'boolean') throw new TypeError(`read limit "${name}" must be a boolean.`);
}

function isBareMediaType(value: unknown): boolean {
  return typeof value === 'string' && parseMediaType(value)?.essence === value;
}

function isListOf(value: unknown, accepts: (item: unknown) => boolean): boolean {
  return Array.isArray(value) && value.every(accepts);
}
