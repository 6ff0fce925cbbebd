// Corpus harness for any `(text) => string` redactor: five placements per true positive, negatives changed.
import negativesJson from './corpus/scanner-negatives.json' with { type: 'json' };
import positivesJson from './corpus/true-positives.json' with { type: 'json' };

/** Any function that takes text and returns it with secrets removed. */
export type Redactor = (text: string) => string;

/** One true positive: a scanner's test string and the secret inside it. */
export interface TruePositive {
  readonly source: string;
  readonly rule: string;
  readonly text: string;
  readonly secret: string;
}

/** One line a scanner must not flag. */
export interface Negative {
  readonly source: string;
  readonly rule: string;
  readonly text: string;
}

/** The true-positive corpus. */
export const TRUE_POSITIVES: readonly TruePositive[] = positivesJson;
/** The scanners' own "should not flag" lines. */
export const SCANNER_NEGATIVES: readonly Negative[] = negativesJson;

/** The five ways a true positive is embedded. */
export const PLACEMENTS = Object.freeze(['field', 'sentence', 'url-query', 'json-string', 'bearer'] as const);
export type Placement = (typeof PLACEMENTS)[number];

/** Embeds a string in one placement. */
export function embed(placement: Placement, text: string): string {
  switch (placement) {
    case 'field':
      return `output: ${text}`;
    case 'sentence':
      return `The tool printed ${text} before it exited.`;
    case 'url-query':
      return `https://tools.example.net/v1/run?input=${encodeURIComponent(text)}&page=2`;
    case 'json-string':
      return `{"stdout":${JSON.stringify(text)},"exit":0}`;
    case 'bearer':
      return `Authorization: Bearer ${text}`;
  }
}

function encodedForms(placement: Placement, secret: string): string[] {
  if (placement === 'url-query') return [secret, encodeURIComponent(secret)];
  if (placement === 'json-string') return [secret, JSON.stringify(secret).slice(1, -1)];
  return [secret];
}

/** True when any 8-character piece of the secret (raw or as encoded there) survives in the output. */
export function leaks(placement: Placement, item: TruePositive, output: string): boolean {
  const context = embed(placement, item.text.split(item.secret).join(' '));
  return survives(output, context, encodedForms(placement, item.secret));
}

/**
 * True when an 8-character piece of any form of a secret is in `output` but not in `context` (the same text
 * with the secret taken out): a piece the surrounding text explains is no leak.
 */
export function survives(output: string, context: string, forms: readonly string[]): boolean {
  for (const form of forms) {
    const size = Math.min(8, form.length);
    for (let i = 0; i + size <= form.length; i++) {
      const piece = form.slice(i, i + size);
      if (output.includes(piece) && !context.includes(piece)) return true;
    }
  }
  return false;
}

/** Redacted and total counts. */
export interface Tally {
  redacted: number;
  total: number;
}

/** Figures of one true-positive run. */
export interface PositiveReport {
  readonly byPlacement: Record<Placement, Tally>;
  readonly byProvider: Map<string, Record<Placement, Tally>>;
  readonly misses: { placement: Placement; rule: string; text: string }[];
}

function emptyRow(): Record<Placement, Tally> {
  return Object.fromEntries(PLACEMENTS.map((p) => [p, { redacted: 0, total: 0 }])) as Record<
    Placement,
    Tally
  >;
}

/** The provider family of a rule id: its first word (`github-pat` and `github_token` are both `github`). */
export function family(rule: string): string {
  return rule.split(/[-_]/)[0] ?? rule;
}

/** Runs every true positive in every placement through a redactor. */
export function runPositives(
  redact: Redactor,
  items: readonly TruePositive[] = TRUE_POSITIVES,
): PositiveReport {
  const byPlacement = emptyRow();
  const byProvider = new Map<string, Record<Placement, Tally>>();
  const misses: { placement: Placement; rule: string; text: string }[] = [];
  for (const item of items) {
    const row = byProvider.get(family(item.rule)) ?? emptyRow();
    byProvider.set(family(item.rule), row);
    for (const placement of PLACEMENTS) {
      const ok = !leaks(placement, item, redact(embed(placement, item.text)));
      for (const tally of [byPlacement[placement], row[placement]]) {
        tally.total++;
        if (ok) tally.redacted++;
      }
      if (!ok) misses.push({ placement, rule: item.rule, text: item.text });
    }
  }
  return { byPlacement, byProvider, misses };
}

/** Runs lines that must stay unchanged; returns the ones the redactor changed. */
export function runNegatives(redact: Redactor, lines: readonly string[]): string[] {
  return lines.filter((line) => redact(line) !== line);
}

/** A tally as a percentage with one decimal, or `-` when it counted nothing. */
export function percent(tally: Tally): string {
  return tally.total === 0 ? '-' : `${((100 * tally.redacted) / tally.total).toFixed(1)}%`;
}

/** A compact table of a run: one line per provider family, then the totals per placement. */
export function formatReport(report: PositiveReport): string {
  const head = `${'provider'.padEnd(18)}${PLACEMENTS.map((p) => p.padStart(12)).join('')}`;
  const rows = [...report.byProvider.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, row]) =>
        `${name.padEnd(14)}${String(row.field.total).padStart(4)}${PLACEMENTS.map((p) => percent(row[p]).padStart(12)).join('')}`,
    );
  const total = `${'all'.padEnd(14)}${String(report.byPlacement.field.total).padStart(4)}${PLACEMENTS.map((p) => percent(report.byPlacement[p]).padStart(12)).join('')}`;
  return [head, ...rows, total].join('\n');
}
