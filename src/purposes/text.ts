// The `text` purpose: natural-language text cleaned of invisible, control and smuggling characters, in NFC.
import {
  countCodePoints,
  hasLoneSurrogate,
  replaceLoneSurrogates,
  utf8Length,
} from '../unicode/codepoint.js';
import { inspectWords, judgeWords, type WordTally } from '../unicode/spoofing.js';
import { scanText } from '../unicode/word-scan.js';
import type { Finding, FindingAction } from './finding.js';
import { cleanText, NOTHING_KNOWN } from './text-clean.js';
import type { TextHiddenPayload } from './text-hidden.js';
import {
  resolveTextOptions,
  type ResolvedTextOptions,
  type SpoofPolicy,
  type TextOptions,
} from './text-options.js';

export type { TextHiddenPayload } from './text-hidden.js';

/**
 * The cleaned value with what was done to it, or a refusal. Findings never hold input text and have
 * pointer '' (the caller re-bases them); `hidden` holds decoded smuggled payloads for the audit record only.
 */
export type TextResult =
  | {
      readonly ok: true;
      readonly value: string;
      readonly findings: readonly Finding[];
      readonly hidden: readonly TextHiddenPayload[];
    }
  | { readonly ok: false; readonly findings: readonly Finding[] };

/** Printable ASCII (plus tab and line feed in multi-line text): nothing to clean, normalize or inspect. */
const PLAIN_MULTILINE = /^[\x20-\x7E\t\n]*$/;
const PLAIN_SINGLE_LINE = /^[\x20-\x7E]*$/;
const NO_HIDDEN: readonly TextHiddenPayload[] = Object.freeze([]);
const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/**
 * Sanitizes one natural-language value. Pure and synchronous; never throws on content (a bad option throws
 * a TypeError). Order, and why:
 * 1. lone surrogates are refused or replaced first, so every later step sees well-formed text;
 * 2. lengths (code points and UTF-8 bytes) are checked before any work, bounding the cost;
 * 3. specials are removed or kept by script-aware rules (controls, bidi, zero-width, tags, selectors…);
 * 4. NFC comes after removal, since removing a character can bring a base and its mark together (and
 *    if NFC changed anything, cleaning runs again so the output is stable); NFC itself is not a finding:
 *    canonically equivalent text is the same text, and decomposed input (macOS file names) is benign;
 * 5. lengths again (NFC can lengthen), then mixed-script and confusable words on the final text.
 * A class whose action is `reject` (or a policy of `reject`) refuses the value if it hit at all.
 *
 * Shortcuts, none of which changes an answer: printable ASCII is returned as it is; otherwise one pass over
 * the text finds its words and its special characters together, cleaning visits only those (and is skipped
 * when there are none), NFC is skipped for text without an NFC-sensitive character, and when cleaning and
 * NFC leave the text as it was, that same pass's words are judged instead of scanning the text again.
 */
export function sanitizeText(value: string, options?: TextOptions): TextResult {
  return sanitize(value, resolveTextOptions(options), true);
}

/**
 * {@link sanitizeText} with every shortcut off: the whole text is cleaned, normalized and scanned again.
 * Same answers, more work; it exists so that tests can prove the shortcuts change nothing.
 */
export function sanitizeTextWithoutShortcuts(value: string, options?: TextOptions): TextResult {
  return sanitize(value, resolveTextOptions(options), false);
}

function sanitize(value: string, policy: ResolvedTextOptions, shortcuts: boolean): TextResult {
  if (shortcuts && (policy.multiline ? PLAIN_MULTILINE : PLAIN_SINGLE_LINE).test(value)) {
    const tooLong = lengthFinding(value, policy, 'input');
    return tooLong === undefined
      ? { ok: true, value, findings: NO_FINDINGS, hidden: NO_HIDDEN }
      : refuse([tooLong]);
  }
  // Replacing lone surrogates keeps every length, so the input is measured first: too long, it is not scanned.
  const inputTooLong = lengthFinding(value, policy, 'input');
  const withLayout = !policy.multiline;
  let scan = shortcuts && inputTooLong === undefined ? scanText(value, withLayout) : undefined;
  const findings: Finding[] = [];
  let text = value;
  if (scan?.loneSurrogates ?? hasLoneSurrogate(value)) {
    const replaced = replaceLoneSurrogates(value);
    const action: FindingAction = policy.loneSurrogates === 'reject' ? 'rejected' : 'cleaned';
    findings.push({ code: 'text.lone_surrogate', pointer: '', count: replaced.count, action });
    if (action === 'rejected') return refuse(findings);
    text = replaced.text;
    if (scan !== undefined) scan = scanText(text, withLayout);
  }
  if (inputTooLong !== undefined) return refuse([...findings, inputTooLong]);
  const cleaned = cleanText(text, policy, scan ?? NOTHING_KNOWN);
  const normalized = cleaned.value;
  const outputTooLong = lengthFinding(normalized, policy, 'output');
  if (outputTooLong !== undefined) findings.push(outputTooLong);
  findings.push(...cleaned.findings);
  const words = scan !== undefined && normalized === text ? judgeWords(text, scan) : inspectWords(normalized);
  addWordFinding(findings, 'text.mixed_script', words.mixedScript, policy.mixedScript);
  addWordFinding(findings, 'text.confusable', words.confusable, policy.confusables);
  if (findings.length === 0) return { ok: true, value: normalized, findings: NO_FINDINGS, hidden: NO_HIDDEN };
  if (findings.some(isRejection)) return refuse(findings);
  return { ok: true, value: normalized, findings, hidden: cleaned.hidden };
}

function refuse(findings: readonly Finding[]): TextResult {
  return { ok: false, findings };
}

/**
 * A refusal when `text` is over either limit. Counting code points costs a pass, so it is skipped when
 * the UTF-16 length already proves the count is within the limit (code points never exceed code units).
 */
function lengthFinding(
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

function isRejection(finding: Finding): boolean {
  return finding.action === 'rejected';
}

/** Adds the finding for words flagged for one reason, if any were. */
function addWordFinding(findings: Finding[], code: string, tally: WordTally, policy: SpoofPolicy): void {
  if (tally.words === 0) return;
  const detail: Record<string, string> = { scripts: tally.scripts.join(' ') };
  if (tally.imitated.length > 0) detail.imitated = tally.imitated.join(' ');
  findings.push({
    code,
    pointer: '',
    count: tally.words,
    action: policy === 'reject' ? 'rejected' : 'reported',
    detail,
  });
}
