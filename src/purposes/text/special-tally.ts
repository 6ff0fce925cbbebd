// The tally that turns one cleaning's character hits into findings: per class a count, code points, details.
import { formatCodePoint } from '../../unicode/codepoint.js';
import type { SpecialClass } from '../../unicode/special.js';
import type { Finding, FindingAction } from '../../vocabulary/finding.js';
import { TEXT_FINDING_CODES } from './findings.js';
import type { ResolvedTextOptions } from './options.js';

/** How many distinct code points a finding lists (as hex) before it only counts. */
const LISTED_CODE_POINTS = 8;
/** Distinct code points kept in a sorted array before a set takes over (real text has a handful). */
const SORTED_DISTINCT = 32;

type Detail = Record<string, string | number | boolean>;

/** Each class's place in {@link TEXT_FINDING_CODES} (by the code's name after `text.`): the findings' order. */
const CLASS_ORDER: ReadonlyMap<string, number> = new Map(
  TEXT_FINDING_CODES.map((code, order) => [code.slice('text.'.length), order]),
);

/** The distinct code points of one class: a small sorted array, or a set once there are many. */
class DistinctCodePoints {
  private last = -1;
  private readonly sorted: number[] = [];
  private many: Set<number> | undefined;

  add(codePoint: number): void {
    if (codePoint === this.last) return;
    this.last = codePoint;
    if (this.many !== undefined) {
      this.many.add(codePoint);
      return;
    }
    const sorted = this.sorted;
    let at = sorted.length;
    while (at > 0 && (sorted[at - 1] as number) > codePoint) at--;
    if (at > 0 && sorted[at - 1] === codePoint) return;
    sorted.splice(at, 0, codePoint);
    if (sorted.length > SORTED_DISTINCT) this.many = new Set(sorted);
  }

  get size(): number {
    return this.many?.size ?? this.sorted.length;
  }

  /** The lowest `count` code points, as hex labels joined by spaces. */
  lowest(count: number): string {
    const sorted = this.many === undefined ? this.sorted : [...this.many].sort((a, b) => a - b);
    let listed = '';
    for (let at = 0; at < sorted.length && at < count; at++)
      listed += (at === 0 ? '' : ' ') + formatCodePoint(sorted[at] as number);
    return listed;
  }
}

/** What one class was hit by. */
class ClassHits {
  count = 0;
  readonly codePoints = new DistinctCodePoints();
  detail: Detail | undefined;

  constructor(readonly specialClass: SpecialClass) {}
}

/** Collects what one sanitize call did to each class of special characters. */
export class SpecialTally {
  /** Hits by the class's place in {@link CLASS_ORDER}. */
  private readonly hits: (ClassHits | undefined)[] = [];
  /** The hits recorded last (none: nothing recorded yet); removals come in runs of one class. */
  private lastHits: ClassHits | undefined;

  /** Counts one removed or rewritten code point; `reason` (a code, never text) is counted in the detail. */
  record(specialClass: SpecialClass, codePoint: number, reason?: string): void {
    const hits = this.entry(specialClass);
    hits.count++;
    hits.codePoints.add(codePoint);
    if (reason !== undefined) {
      const detail = (hits.detail ??= {});
      detail[reason] = ((detail[reason] as number | undefined) ?? 0) + 1;
    }
  }

  /** Sets one structured fact (a count, length or digest) on a class that has hits. */
  note(specialClass: SpecialClass, key: string, value: string | number): void {
    (this.entry(specialClass).detail ??= {})[key] = value;
  }

  /** True when `specialClass` had at least one hit. */
  has(specialClass: SpecialClass): boolean {
    return this.hits[orderOf(specialClass)] !== undefined;
  }

  /** True when nothing was recorded: cleaning changed nothing. */
  isEmpty(): boolean {
    return this.lastHits === undefined;
  }

  /** One finding per class with hits, in the order of the codes; `policy` says whether the class rejects. */
  findings(policy: ResolvedTextOptions): Finding[] {
    const findings: Finding[] = [];
    for (let order = 0; order < this.hits.length; order++) {
      const hits = this.hits[order];
      if (hits === undefined) continue;
      findings.push({
        code: `text.${hits.specialClass}`,
        pointer: '',
        count: hits.count,
        action: actionFor(hits.specialClass, policy),
        detail: {
          codePoints: hits.codePoints.lowest(LISTED_CODE_POINTS),
          distinct: hits.codePoints.size,
          ...hits.detail,
        },
      });
    }
    return findings;
  }

  private entry(specialClass: SpecialClass): ClassHits {
    const last = this.lastHits;
    if (last?.specialClass === specialClass) return last;
    const hits = (this.hits[orderOf(specialClass)] ??= new ClassHits(specialClass));
    this.lastHits = hits;
    return hits;
  }
}

/** A class's place among the findings; every special class has a finding code. */
function orderOf(specialClass: SpecialClass): number {
  const order = CLASS_ORDER.get(specialClass);
  if (order === undefined) throw new Error('internal: a special class without a finding code');
  return order;
}

function actionFor(specialClass: SpecialClass, policy: ResolvedTextOptions): FindingAction {
  const action = specialClass === 'private_use' ? policy.privateUse : policy.actions[specialClass];
  return action === 'reject' ? 'rejected' : 'cleaned';
}
