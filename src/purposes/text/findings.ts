// The text purpose's finding codes and the tally that turns character hits into findings.
import { formatCodePoint } from '../../unicode/codepoint.js';
import type { SpecialClass } from '../../unicode/special.js';
import type { WordReport, WordTally } from '../../unicode/spoofing.js';
import type { Finding, FindingAction } from '../../vocabulary/finding.js';
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
] as const);

/** A text finding code. */
export type TextFindingCode = (typeof TEXT_FINDING_CODES)[number];

/** How many distinct code points a finding lists (as hex) before it only counts. */
const LISTED_CODE_POINTS = 8;

type Detail = Record<string, string | number | boolean>;

interface ClassHits {
  count: number;
  readonly codePoints: Set<number>;
  readonly detail: Detail;
}

/** Collects what one sanitize call did to each class of special characters. */
export class SpecialTally {
  private readonly hits = new Map<SpecialClass, ClassHits>();
  /** The class recorded last and its hits: removals come in runs of one class (tags, selectors). */
  private lastClass: SpecialClass | undefined;
  private lastHits: ClassHits | undefined;

  /** Counts one removed or rewritten code point; `reason` (a code, never text) is counted in the detail. */
  record(specialClass: SpecialClass, codePoint: number, reason?: string): void {
    const hits = this.entry(specialClass);
    hits.count++;
    hits.codePoints.add(codePoint);
    if (reason !== undefined) hits.detail[reason] = ((hits.detail[reason] as number | undefined) ?? 0) + 1;
  }

  /** Sets one structured fact (a count, length or digest) on a class that has hits. */
  note(specialClass: SpecialClass, key: string, value: string | number): void {
    this.entry(specialClass).detail[key] = value;
  }

  /** True when `specialClass` had at least one hit. */
  has(specialClass: SpecialClass): boolean {
    return this.hits.has(specialClass);
  }

  /** True when nothing was recorded: cleaning changed nothing. */
  isEmpty(): boolean {
    return this.hits.size === 0;
  }

  /** One finding per class with hits, in a stable order; `policy` says whether the class rejects. */
  findings(policy: ResolvedTextOptions): Finding[] {
    const findings: Finding[] = [];
    for (const [specialClass, hits] of [...this.hits].sort(([a], [b]) => classOrder(a) - classOrder(b))) {
      const listed = [...hits.codePoints].sort((a, b) => a - b).slice(0, LISTED_CODE_POINTS);
      findings.push({
        code: `text.${specialClass}`,
        pointer: '',
        count: hits.count,
        action: actionFor(specialClass, policy),
        detail: {
          codePoints: listed.map(formatCodePoint).join(' '),
          distinct: hits.codePoints.size,
          ...hits.detail,
        },
      });
    }
    return findings;
  }

  private entry(specialClass: SpecialClass): ClassHits {
    if (specialClass === this.lastClass && this.lastHits !== undefined) return this.lastHits;
    let hits = this.hits.get(specialClass);
    if (hits === undefined) {
      hits = { count: 0, codePoints: new Set(), detail: {} };
      this.hits.set(specialClass, hits);
    }
    this.lastClass = specialClass;
    this.lastHits = hits;
    return hits;
  }
}

function actionFor(specialClass: SpecialClass, policy: ResolvedTextOptions): FindingAction {
  const action = specialClass === 'private_use' ? policy.privateUse : policy.actions[specialClass];
  return action === 'reject' ? 'rejected' : 'cleaned';
}

/** Each class's place in {@link TEXT_FINDING_CODES} (by the code's name after `text.`). */
const CLASS_ORDER: ReadonlyMap<string, number> = new Map(
  TEXT_FINDING_CODES.map((code, order) => [code.slice('text.'.length), order]),
);

function classOrder(specialClass: SpecialClass): number {
  return CLASS_ORDER.get(specialClass) ?? -1;
}

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
