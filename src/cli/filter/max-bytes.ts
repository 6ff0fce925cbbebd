// The `--max-bytes` option of the filter and the hook: a ceiling on one tool output, in bytes.
import { RAW_MAX_BYTES } from '../../vocabulary/limits.js';

/** The smallest ceiling accepted: an output smaller than this is never worth refusing for its size. */
const MIN_BYTES = 1024;

/** The ceiling `--max-bytes` names (default `RAW_MAX_BYTES`, 2 MiB), or `undefined` for a value that is not one. */
export function parseMaxBytes(value: string | undefined): number | undefined {
  if (value === undefined) return RAW_MAX_BYTES;
  const bytes = /^[0-9]{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(bytes) && bytes >= MIN_BYTES ? bytes : undefined;
}
