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
 * Read limits already found well formed that can never change: frozen, every field an own data property,
 * and each list frozen with only own data elements (a defined tool's limits are). Checked again: nothing.
 */
const settled = new WeakSet<ReadLimits>();

/** Every field of {@link ReadLimits}, so that none is read from a prototype once the check is cached. */
const FIELDS: Readonly<Record<keyof ReadLimits, true>> = {
  maxRawBytes: true,
  maxDecodedBytes: true,
  timeoutMs: true,
  contentTypes: true,
  structuredSuffix: true,
  allowMissingContentType: true,
  contentEncodings: true,
  bom: true,
};

/**
 * Throws a TypeError naming the first malformed field: byte ceilings must be non-negative safe integers,
 * the timeout a positive integer no longer than about 24.8 days, content types lower-case media types
 * without parameters, encodings from {@link CONTENT_ENCODINGS}, and the BOM policy `reject` or `strip`.
 */
export function checkReadLimits(limits: ReadLimits): void {
  if (settled.has(limits)) return;
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
  if (cannotChange(limits)) settled.add(limits);
}

/** True when every field of `limits` is its own and fixed for good, its lists included. */
function cannotChange(limits: ReadLimits): boolean {
  const own = Object.keys(FIELDS).every((field) => Object.hasOwn(limits, field));
  return own && isFixed(limits) && isFixed(limits.contentTypes) && isFixed(limits.contentEncodings);
}

/** True when `value` is frozen and holds only own data properties, so reading it always gives the same. */
function isFixed(value: object): boolean {
  if (!Object.isFrozen(value)) return false;
  const descriptors = Object.values(Object.getOwnPropertyDescriptors(value));
  return descriptors.every((descriptor) => 'value' in descriptor);
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
