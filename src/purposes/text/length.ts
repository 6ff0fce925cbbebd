// The text purpose's length limits: code points and UTF-8 bytes, checked on the input and on the output.
import { countCodePoints, utf8Length } from '../../unicode/codepoint.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { ResolvedTextOptions } from './options.js';

/**
 * A refusal when `text` is over either limit. Counting code points costs a pass, so it is skipped when
 * the UTF-16 length already proves the count is within the limit (code points never exceed code units).
 */
export function lengthFinding(
  text: string,
  policy: ResolvedTextOptions,
  stage: 'input' | 'output',
): Finding | undefined {
  const codePoints = text.length <= policy.maxCodePoints ? 0 : countCodePoints(text);
  const bytes = text.length * 3 <= policy.maxBytes ? 0 : utf8Length(text);
  const over =
    codePoints > policy.maxCodePoints
      ? { unit: 'code_points', limit: policy.maxCodePoints, actual: codePoints }
      : bytes > policy.maxBytes
        ? { unit: 'bytes', limit: policy.maxBytes, actual: bytes }
        : undefined;
  if (over === undefined) return undefined;
  return { code: 'text.too_long', pointer: '', count: 1, action: 'rejected', detail: { ...over, stage } };
}
