// The text purpose's finding codes, and the findings for flagged words.
import type { WordReport, WordTally } from '../../unicode/spoofing.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { ResolvedTextOptions, SpoofPolicy } from './options.js';

/** Every finding code the text purpose emits. Locked by a test; adding one is an API change. */
export const TEXT_FINDING_CODES = Object.freeze([
  'text.too_long',
  'text.lone_surrogate',
  'text.control',
  'text.line_break',
  'text.bidi_control',
  'text.zero_width',
  'text.invisible',
  'text.tag_characters',
  'text.variation_selector',
  'text.noncharacter',
  'text.annotation',
  'text.private_use',
  'text.mixed_script',
  'text.confusable',
  'text.secret',
  'text.pii',
  'text.instruction',
] as const);

/** A text finding code. */
export type TextFindingCode = (typeof TEXT_FINDING_CODES)[number];

/** Adds the findings for flagged words: mixed-script words, then confusable ones, each with its action. */
export function addWordFindings(findings: Finding[], report: WordReport, policy: ResolvedTextOptions): void {
  addWordFinding(findings, 'text.mixed_script', report.mixedScript, policy.mixedScript);
  addWordFinding(findings, 'text.confusable', report.confusable, policy.confusables);
}

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
