// The html purpose's finding codes, and the per-call tally that turns single hits into counted findings.
import type { Finding, FindingAction } from '../../vocabulary/finding.js';

/** Every finding code the html purpose reports (url.* findings of kept links pass through beside them). */
export const HTML_FINDING_CODES = Object.freeze([
  'html.element_removed',
  'html.node_removed',
  'html.attribute_removed',
  'html.link_blocked',
  'html.image_blocked',
  'html.url_canonicalized',
  'html.expanded',
  'html.expansion_exceeded',
  'html.invalid_input',
] as const);

/** One html finding code. */
export type HtmlFindingCode = (typeof HTML_FINDING_CODES)[number];

/** Facts a finding may carry: reason codes and counts, never input text. */
type FindingDetail = Readonly<Record<string, string | number | boolean>>;

interface Entry {
  readonly code: string;
  readonly action: FindingAction;
  readonly detail: FindingDetail | undefined;
  count: number;
}

/**
 * Counts the hits of one sanitize call, merging hits with the same code, action and detail into one
 * finding with a count. Created per call and read once at its end: nothing outlives the call.
 */
export class FindingTally {
  private readonly entries = new Map<string, Entry>();

  /** Records `count` hits of an html code. */
  add(code: HtmlFindingCode, action: FindingAction, detail?: FindingDetail, count = 1): void {
    this.record(code, action, detail, count);
  }

  /** Records a finding produced elsewhere (for example by the egress check), keeping its code, action and detail. */
  addFinding(finding: Finding): void {
    this.record(finding.code, finding.action, finding.detail, finding.count);
  }

  private record(
    code: string,
    action: FindingAction,
    detail: FindingDetail | undefined,
    count: number,
  ): void {
    if (count <= 0) return;
    const key = detail === undefined ? `${code}|${action}` : `${code}|${action}|${JSON.stringify(detail)}`;
    const entry = this.entries.get(key);
    if (entry === undefined) this.entries.set(key, { code, action, detail, count });
    else entry.count += count;
  }

  /** The findings so far, in first-hit order, with pointer '' (the caller re-bases them). */
  findings(): Finding[] {
    return [...this.entries.values()].map(({ code, action, detail, count }) =>
      detail === undefined
        ? { code, pointer: '', count, action }
        : { code, pointer: '', count, action, detail },
    );
  }
}
