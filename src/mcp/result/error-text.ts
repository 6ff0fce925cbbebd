// A tool error's own words, so a model can correct its call: bounded, cleaned by the text purpose, untrusted.
import { parseJson } from '../../json/parse.js';
import type { InstructionPolicy } from '../../purposes/text/instruction.js';
import { sanitizeText } from '../../purposes/text/sanitize-text.js';
import { untrusted, type Untrusted } from '../../taint/untrusted.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { ParseLimits } from '../../vocabulary/limits.js';
import { cutCodePoints } from './text-budget.js';

/** The explanation a failed call carries, and what cleaning it found. */
export interface ErrorText {
  readonly text: readonly Untrusted<string>[];
  readonly findings: readonly Finding[];
  /** False when the explanation was cut to its bound. */
  readonly complete: boolean;
}

/** The default bound on a tool error's explanation, in code points over all its text. */
export const DEFAULT_MAX_ERROR_CHARS = 4096;

/** How an explanation is read: its bound, and the injection signal (`ignore` by default). */
export interface ErrorTextOptions {
  readonly maxChars?: number;
  readonly instructions?: InstructionPolicy;
}

const NONE: ErrorText = Object.freeze({
  text: Object.freeze([]),
  findings: Object.freeze([]),
  complete: true,
});

/**
 * Reads the explanation of a failed call from its exact bytes (the gate has already ended the call as a
 * typed `upstream_error` and kept the bytes as evidence): the text blocks of an `isError` result, or the
 * `message` of a JSON-RPC error. The bytes are parsed again with the strict parser under the contract's
 * parse limits; the words are cut to `maxChars` (cutting is reported), cleaned by the `text` purpose (with
 * the injection signal: a part holding instructions to the assistant is flagged, or left out under `reject`)
 * and wrapped as untrusted: detail inside the failure, never a success and never an instruction.
 */
export function errorText(
  bytes: Uint8Array,
  kind: 'result' | 'error',
  limits: ParseLimits,
  source: string,
  options: ErrorTextOptions = {},
): ErrorText {
  const maxChars = options.maxChars ?? DEFAULT_MAX_ERROR_CHARS;
  const instructions = options.instructions ?? 'ignore';
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return NONE;
  }
  const parsed = parseJson(decoded, limits);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    return NONE;
  const value = parsed.value;
  const parts: Array<readonly [string, string]> = [];
  if (kind === 'error') {
    if (typeof value.message === 'string') parts.push(['/message', value.message]);
  } else if (Array.isArray(value.content)) {
    value.content.forEach((block, index) => {
      if (
        typeof block === 'object' &&
        block !== null &&
        !Array.isArray(block) &&
        block.type === 'text' &&
        typeof block.text === 'string'
      )
        parts.push([`/content/${String(index)}/text`, block.text]);
    });
  }
  const text: Untrusted<string>[] = [];
  const findings: Finding[] = [];
  let room = maxChars;
  let complete = true;
  for (const [pointer, words] of parts) {
    if (room <= 0) {
      complete = false;
      break;
    }
    const cut = cutCodePoints(words, room);
    if (cut.length < words.length) complete = false;
    const cleaned = sanitizeText(cut, { maxCodePoints: maxChars, maxBytes: maxChars * 4, instructions });
    for (const finding of cleaned.findings) findings.push({ ...finding, pointer });
    if (!cleaned.ok) continue;
    room -= cleaned.value.length;
    text.push(untrusted(cleaned.value, source));
  }
  return { text, findings, complete };
}
