// Parses a Content-Encoding field value into the single content coding the read stage can undo.
import type { ContentEncoding } from '../vocabulary/limits.js';
import { trimOws } from './ows.js';

/** Coding names (lower case) and what they mean; `x-gzip` is the registered alias of gzip (RFC 9110 8.4.1.3). */
const CODING_NAMES: Readonly<Record<string, ContentEncoding>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, ContentEncoding>, {
    identity: 'identity',
    gzip: 'gzip',
    'x-gzip': 'gzip',
    deflate: 'deflate',
    br: 'br',
  }),
);

/**
 * The content coding a field value names. A missing value or an empty list means identity; empty list
 * elements are skipped (RFC 9110 5.6.1). Two or more codings, or a coding not listed above, is `undefined`:
 * stacked codings multiply decompression work and are refused outright.
 */
export function parseContentCoding(value: string | undefined): ContentEncoding | undefined {
  if (value === undefined) return 'identity';
  const names = value
    .split(',')
    .map((name) => trimOws(name).toLowerCase())
    .filter((name) => name !== '');
  if (names.length === 0) return 'identity';
  if (names.length > 1) return undefined;
  return CODING_NAMES[names[0] ?? ''];
}
