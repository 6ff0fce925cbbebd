// Decides from the transport facts alone, before any byte is read, whether a body may be read as a success.
import type { ContentEncoding, ReadLimits } from '../vocabulary/limits.js';
import { parseContentCoding } from './content-coding.js';
import type { TransportFacts } from './input.js';
import { parseMediaType } from './media-type.js';
import { readError, type ReadError } from './result.js';

/** The content coding to undo, or the failure the facts already decide. */
export type TransportVerdict =
  { readonly ok: true; readonly coding: ContentEncoding } | { readonly ok: false; readonly error: ReadError };

/**
 * Checks, in this order: the transport's own timeout, the tool's error flag, the status (outside 200–299 fails), the content type and its
 * charset, the content coding. The order is load-bearing: a transport or tool failure must win over anything
 * the body says, so an error page can never be read as a success.
 */
export function checkTransport(facts: TransportFacts, limits: ReadLimits): TransportVerdict {
  const status = facts.status === undefined ? {} : { status: facts.status };
  if (facts.timedOut === true) return { ok: false, error: readError('read.timeout', status) };
  if (facts.toolError) return { ok: false, error: readError('read.tool_error', status) };
  if (facts.status !== undefined && (facts.status < 200 || facts.status > 299)) {
    return { ok: false, error: readError('read.status', status) };
  }
  const typeCode = contentTypeFailure(facts.contentType, limits);
  if (typeCode !== undefined) return { ok: false, error: readError(typeCode, status) };
  const coding = parseContentCoding(facts.contentEncoding);
  if (coding === undefined || !limits.contentEncodings.includes(coding)) {
    return { ok: false, error: readError('read.content_encoding', status) };
  }
  return { ok: true, coding };
}

/**
 * Why a Content-Type value is refused, or `undefined` when it is accepted: a listed media type, or
 * `application/<name>+json` when `structuredSuffix`, with no charset other than UTF-8.
 */
function contentTypeFailure(
  value: string | undefined,
  limits: ReadLimits,
): 'read.content_type' | 'read.charset' | undefined {
  if (value === undefined) return limits.allowMissingContentType ? undefined : 'read.content_type';
  const media = parseMediaType(value);
  if (media === undefined) return 'read.content_type';
  const suffixed =
    media.type === 'application' && media.subtype.length > '+json'.length && media.subtype.endsWith('+json');
  if (!limits.contentTypes.includes(media.essence) && !(limits.structuredSuffix && suffixed)) {
    return 'read.content_type';
  }
  const charset = media.parameters.charset;
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') return 'read.charset';
  return undefined;
}
