// Outside-data harness: scanners' examples in seven placements, recall per provider and placement, negatives.
import { percent, survives, type Tally } from './harness.js';

/** One true positive from a scanner the detector draws no rule from (see outside/NOTICE.md). */
export interface OutsidePositive {
  readonly source: string;
  readonly rule: string;
  readonly text: string;
  readonly secret: string;
  /** The scanner's own rule finds the secret standing alone: its characters say what it is. */
  readonly self: boolean;
  /** A stand-in a person wrote (counting runs, a template reference, a named value): measured apart. */
  readonly placeholder: boolean;
}

/** One line a scanner's rules say holds no secret. */
export interface OutsideNegative {
  readonly source: string;
  readonly rule: string;
  readonly text: string;
}

/** The seven placements of the issue: bare, in a sentence, the scanner's own context line, and four carriers. */
export const OUTSIDE_PLACEMENTS = Object.freeze([
  'bare',
  'sentence',
  'context',
  'json',
  'url-query',
  'env-file',
  'command-line',
] as const);
export type OutsidePlacement = (typeof OUTSIDE_PLACEMENTS)[number];

/** Placements that hold the secret alone: measured on distinct self-identifying secrets only. */
export const SELF_PLACEMENTS: ReadonlySet<OutsidePlacement> = new Set(['bare', 'sentence']);

/** The provider family of a rule id (`np.slack.2`, `kingfisher.slack.1` → `slack`). */
export function providerOf(rule: string): string {
  return rule.split('.')[1] ?? rule;
}

/** The variable an env file keeps the secret in: `<PROVIDER>_PASSWORD` when the scanner's line calls it a
 * password, else `<PROVIDER>_API_KEY`. */
function envName(item: OutsidePositive): string {
  const kind = /pass|pwd/i.test(item.text.split(item.secret).join(' ')) ? 'PASSWORD' : 'API_KEY';
  return `${providerOf(item.rule)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')}_${kind}`;
}

/** The text of one placement, with the secret (or its scanner line) placed in it. */
export function placeOutside(
  placement: OutsidePlacement,
  item: OutsidePositive,
  secret = item.secret,
): string {
  const line = item.text.split(item.secret).join(secret);
  switch (placement) {
    case 'bare':
      return secret;
    case 'sentence':
      return `The tool printed ${secret} before it exited.`;
    case 'context':
      return line;
    case 'json':
      return JSON.stringify({ output: line, exit: 0 });
    case 'url-query':
      return `https://tools.example.net/v1/run?input=${encodeURIComponent(line)}&page=2`;
    case 'env-file':
      return `# service settings\n${envName(item)}=${secret}\nLOG_LEVEL=info`;
    case 'command-line':
      return `$ curl -sS -u "deploy:${secret}" https://api.example.net/v1/items`;
  }
}

function forms(placement: OutsidePlacement, secret: string): string[] {
  if (placement === 'url-query') return [secret, encodeURIComponent(secret)];
  if (placement === 'json') return [secret, JSON.stringify(secret).slice(1, -1)];
  return [secret];
}

/** True when a piece of the secret survives redaction of its placement. */
export function leaksOutside(placement: OutsidePlacement, item: OutsidePositive, output: string): boolean {
  return survives(output, placeOutside(placement, item, ' '), forms(placement, item.secret));
}

/** The items a placement is measured on: distinct self-identifying secrets, or every example. */
export function itemsFor(
  placement: OutsidePlacement,
  items: readonly OutsidePositive[],
): readonly OutsidePositive[] {
  if (!SELF_PLACEMENTS.has(placement)) return items;
  const seen = new Set<string>();
  return items.filter((item) => {
    if (!item.self || seen.has(item.secret)) return false;
    seen.add(item.secret);
    return true;
  });
}

/** Figures of one outside run. */
export interface OutsideReport {
  readonly byPlacement: Record<OutsidePlacement, Tally>;
  readonly byProvider: Map<string, Record<OutsidePlacement, Tally>>;
  readonly misses: { placement: OutsidePlacement; rule: string; text: string }[];
}

function emptyRow(): Record<OutsidePlacement, Tally> {
  return Object.fromEntries(OUTSIDE_PLACEMENTS.map((p) => [p, { redacted: 0, total: 0 }])) as Record<
    OutsidePlacement,
    Tally
  >;
}

/** Runs every placement of every item through a redactor. */
export function runOutside(
  redact: (text: string) => string,
  items: readonly OutsidePositive[],
): OutsideReport {
  const byPlacement = emptyRow();
  const byProvider = new Map<string, Record<OutsidePlacement, Tally>>();
  const misses: OutsideReport['misses'] = [];
  for (const placement of OUTSIDE_PLACEMENTS) {
    for (const item of itemsFor(placement, items)) {
      const provider = providerOf(item.rule);
      const row = byProvider.get(provider) ?? emptyRow();
      byProvider.set(provider, row);
      const ok = !leaksOutside(placement, item, redact(placeOutside(placement, item)));
      for (const tally of [byPlacement[placement], row[placement]]) {
        tally.total++;
        if (ok) tally.redacted++;
      }
      if (!ok) misses.push({ placement, rule: item.rule, text: placeOutside(placement, item) });
    }
  }
  return { byPlacement, byProvider, misses };
}

/** A table of a run: one line per provider with a miss (or every provider), then the totals per placement. */
export function formatOutside(report: OutsideReport, all = false): string {
  const cells = (row: Record<OutsidePlacement, Tally>): string =>
    OUTSIDE_PLACEMENTS.map((p) => `${percent(row[p])} (${row[p].total})`.padStart(15)).join('');
  const head = `${'provider'.padEnd(18)}${OUTSIDE_PLACEMENTS.map((p) => p.padStart(15)).join('')}`;
  const rows = [...report.byProvider.entries()]
    .filter(([, row]) => all || OUTSIDE_PLACEMENTS.some((p) => row[p].redacted < row[p].total))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, row]) => `${name.slice(0, 17).padEnd(18)}${cells(row)}`);
  return [head, ...rows, `${'all'.padEnd(18)}${cells(report.byPlacement)}`].join('\n');
}
