// The `text` purpose: natural-language text cleaned of invisible, control and smuggling characters, in NFC.
import { hasLoneSurrogate, replaceLoneSurrogates } from '../../unicode/codepoint.js';
import { inspectWords, judgeWords, type WordReport } from '../../unicode/spoofing.js';
import { scanText } from '../../unicode/word-scan.js';
import type { Finding, FindingAction } from '../../vocabulary/finding.js';
import { cleanText, NOTHING_KNOWN } from './clean.js';
import { passesInstructions, signalInstructions } from './instruction.js';
import { addWordFindings } from './findings.js';
import { lengthFinding } from './length.js';
import type { TextHiddenPayload } from './hidden.js';
import { resolveTextOptions, type ResolvedTextOptions, type TextOptions } from './options.js';
import { QUICK, quickScan } from './quick-scan.js';
import { redactPiiIn } from './pii.js';
import { mayHoldPii } from '../../pii/index.js';
import { redactHidden, redactSecretsIn } from './redact.js';

export type { TextHiddenPayload } from './hidden.js';

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
      /** UTF-8 bytes of the secret markers put in the value (fixed markup, not grown from the content). */
      readonly allowance?: number;
    }
  | { readonly ok: false; readonly findings: readonly Finding[] };

const NO_HIDDEN: readonly TextHiddenPayload[] = Object.freeze([]);
const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/**
 * Sanitizes one natural-language value. Pure and synchronous; never throws on content (a bad option throws
 * a TypeError). Order, and why:
 * 1. lengths (code points and UTF-8 bytes) are measured before any work, bounding the cost (replacing a
 *    lone surrogate changes no length; a refusal still lists a lone-surrogate finding first);
 * 2. lone surrogates are refused or replaced, so every later step sees well-formed text;
 * 3. specials are removed or kept by script-aware rules (controls, bidi, zero-width, tags, selectors…);
 * 4. NFC comes after removal, since removing a character can bring a base and its mark together (and
 *    if NFC changed anything, cleaning runs again so the output is stable); NFC itself is not a finding:
 *    canonically equivalent text is the same text, and decomposed input (macOS file names) is benign;
 * 5. lengths again (NFC can lengthen), then mixed-script and confusable words on the final text;
 * 6. secrets in the final text are replaced by `[redacted:secret:<provider>]` (unless `secrets: 'keep'`):
 *    last, so that no removed character can hide one; the markers are not counted against the limits;
 *    then, with `pii: 'redact'`, personal data by `[redacted:pii:<kind>]` the same way.
 * A class whose action is `reject` (or a policy of `reject`) refuses the value if it hit at all.
 *
 * Shortcuts, none of which changes an answer: one pass over character codes ({@link quickScan}) proves most
 * prose needs nothing (and holds no secret shape, so the detector is not even run); otherwise one pass over
 * the text finds its words and its special characters together, cleaning visits only those (and is skipped
 * when there are none), NFC is skipped for text without an NFC-sensitive character, and when cleaning and
 * NFC leave the text as it was, that same pass's words are judged instead of scanning the text again.
 */
export function sanitizeText(value: string, options?: TextOptions): TextResult {
  const policy = resolveTextOptions(options);
  return signalInstructions(sanitize(value, policy, true), policy);
}

/**
 * {@link sanitizeText} with every shortcut off: the whole text is cleaned, normalized and scanned again.
 * Same answers, more work; it exists so that tests can prove the shortcuts change nothing.
 */
export function sanitizeTextWithoutShortcuts(value: string, options?: TextOptions): TextResult {
  const policy = resolveTextOptions(options);
  return signalInstructions(sanitize(value, policy, false), policy);
}

/**
 * True only when {@link sanitizeText} would return `value` unchanged without a finding, proved by the quick
 * scan alone: plain text within the input limits, holding no secret shape (or kept secrets). False when the
 * quick scan cannot tell.
 */
export function passesText(value: string, policy: ResolvedTextOptions): boolean {
  const quick = quickScan(value, policy.multiline);
  return (
    (quick & QUICK.plain) !== 0 &&
    ((quick & QUICK.secretShape) === 0 || policy.secrets === 'keep') &&
    (policy.pii === 'keep' || !mayHoldPii(value)) &&
    lengthFinding(value, policy, 'input') === undefined &&
    passesInstructions(value, policy)
  );
}

function sanitize(value: string, policy: ResolvedTextOptions, shortcuts: boolean): TextResult {
  const quick = shortcuts ? quickScan(value, policy.multiline) : 0;
  if ((quick & QUICK.plain) !== 0) {
    const tooLong = lengthFinding(value, policy, 'input');
    if (tooLong !== undefined) return refuse([tooLong]);
    const unchanged: TextResult = { ok: true, value, findings: NO_FINDINGS, hidden: NO_HIDDEN };
    const secretShape = (quick & QUICK.secretShape) !== 0;
    if (!secretShape && (policy.pii === 'keep' || !mayHoldPii(value))) return unchanged;
    return redact(unchanged, policy, secretShape);
  }
  return redact(clean(value, policy, shortcuts), policy, true);
}

/**
 * The cleaned result with its secrets redacted (and those of its decoded payloads) unless the policy keeps
 * them or the quick scan proved it holds none (`mayHoldSecrets` false), then its personal data when the policy
 * redacts it (secrets first: a marker holds no personal data).
 */
function redact(cleaned: TextResult, policy: ResolvedTextOptions, mayHoldSecrets: boolean): TextResult {
  if (!cleaned.ok) return cleaned;
  const keepSecrets = policy.secrets === 'keep' || !mayHoldSecrets;
  const hidden = keepSecrets ? cleaned.hidden : redactHidden(cleaned.hidden);
  const secrets = keepSecrets ? undefined : redactSecretsIn(cleaned.value, policy.placeholders);
  const value = secrets?.value ?? cleaned.value;
  const pii = policy.pii === 'redact' ? redactPiiIn(value) : undefined;
  if (secrets === undefined && pii === undefined)
    return hidden === cleaned.hidden ? cleaned : { ...cleaned, hidden };
  const added = [secrets, pii].filter((found) => found !== undefined);
  return {
    ok: true,
    value: pii?.value ?? value,
    findings: [...cleaned.findings, ...added.map((found) => found.finding)],
    hidden,
    allowance: added.reduce((bytes, found) => bytes + found.markerBytes, 0),
  };
}

function clean(value: string, policy: ResolvedTextOptions, shortcuts: boolean): TextResult {
  // Too long, the input is not even scanned.
  const inputTooLong = lengthFinding(value, policy, 'input');
  const withLayout = !policy.multiline;
  let scan = shortcuts && inputTooLong === undefined ? scanText(value, withLayout) : undefined;
  if (scan !== undefined && !scan.loneSurrogates && scan.specials.length === 0 && !scan.mayChangeUnderNfc)
    return conclude(value, [], NO_HIDDEN, judgeWords(value, scan), policy);
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
  const outputTooLong = lengthFinding(cleaned.value, policy, 'output');
  if (outputTooLong !== undefined) findings.push(outputTooLong);
  findings.push(...cleaned.findings);
  const words =
    cleaned.scan !== undefined
      ? judgeWords(cleaned.value, cleaned.scan)
      : scan !== undefined && cleaned.value === text
        ? judgeWords(text, scan)
        : inspectWords(cleaned.value);
  return conclude(cleaned.value, findings, cleaned.hidden, words, policy);
}

/** The outcome: `findings` with the word findings added; refused when any finding rejects. */
function conclude(
  value: string,
  findings: Finding[],
  hidden: readonly TextHiddenPayload[],
  words: WordReport,
  policy: ResolvedTextOptions,
): TextResult {
  addWordFindings(findings, words, policy);
  if (findings.length === 0) return { ok: true, value, findings: NO_FINDINGS, hidden: NO_HIDDEN };
  if (findings.some(isRejection)) return { ok: false, findings };
  return { ok: true, value, findings, hidden };
}

function refuse(findings: readonly Finding[]): TextResult {
  return { ok: false, findings };
}

function isRejection(finding: Finding): boolean {
  return finding.action === 'rejected';
}
