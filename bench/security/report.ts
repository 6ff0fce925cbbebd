// The security bench's tables, as Markdown: what `npm run bench:security` prints and the README shows.
import type { Ratio, SuiteResult } from './agentdojo/measure.js';
import { DERIVATIONS, type DerivationSide } from './agentdojo/derive.js';
import type { BenignResult } from './benign.js';
import type { CaseResult } from './egress/measure.js';

function percent(ratio: Ratio): string {
  if (ratio.total === 0) return 'n/a';
  return `${((100 * ratio.hits) / ratio.total).toFixed(1)} % (${ratio.hits}/${ratio.total})`;
}

function sum(ratios: readonly Ratio[]): Ratio {
  return ratios.reduce(
    (total, ratio) => ({ hits: total.hits + ratio.hits, total: total.total + ratio.total }),
    {
      hits: 0,
      total: 0,
    },
  );
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The columns of the per-suite table, each a ratio of one suite's result. */
const SUITE_COLUMNS: readonly (readonly [string, (result: SuiteResult) => Ratio])[] = [
  ['attacker calls stopped', (result) => result.stopped],
  ['stops the injection explains ¹', (result) => result.attributableByArgument],
  ['stops only with the injection ²', (result) => result.attributable],
  ['key argument traced ³', (result) => result.traced.injection.verbatim],
  ['user-only calls allowed, attacked', (result) => result.utilityAttacked],
  ['user-only calls allowed, no injection', (result) => result.utilityClean],
];

/** The per-suite table of AgentDojo v1, with a row for all suites. */
export function agentDojoTable(results: readonly SuiteResult[]): string {
  const rows = results.map((result) => [
    result.name,
    String(result.pairs),
    ...SUITE_COLUMNS.map(([, get]) => percent(get(result))),
  ]);
  const pairs = results.reduce((total, result) => total + result.pairs, 0);
  rows.push(['all', String(pairs), ...SUITE_COLUMNS.map(([, get]) => percent(sum(results.map(get))))]);
  return table(['suite', 'pairs', ...SUITE_COLUMNS.map(([name]) => name)], rows);
}

/** Key arguments traced, per derivation and suite, for one side (disguise in the injection, or in the argument). */
export function derivationTable(results: readonly SuiteResult[], side: DerivationSide): string {
  const rows = DERIVATIONS.filter((derivation) =>
    results.some((result) => result.traced[side][derivation].total > 0),
  ).map((derivation) => [
    derivation,
    ...results.map((result) => percent(result.traced[side][derivation])),
    percent(sum(results.map((result) => result.traced[side][derivation]))),
  ]);
  return table(['derivation', ...results.map((result) => result.name), 'all'], rows);
}

/** agent-egress-bench by category: applicable cases, right under the bench's rule, benign cases blocked. */
export function egressTable(results: readonly CaseResult[]): string {
  const categories = [...new Set(results.map((result) => result.category))];
  const row = (name: string, of: readonly CaseResult[]): string[] => {
    const run = of.filter((result) => result.score !== 'not_applicable');
    const benign = run.filter((result) => result.expected === 'allow');
    return [
      name,
      String(of.length),
      String(run.length),
      `${run.filter((result) => result.score === 'pass').length}/${run.length}`,
      `${benign.filter((result) => result.actual === 'block').length}/${benign.length}`,
    ];
  };
  const rows = categories
    .map((category) =>
      row(
        category,
        results.filter((result) => result.category === category),
      ),
    )
    .filter((cells) => cells[2] !== '0');
  return table(
    ['category', 'cases', 'applicable', 'right', 'benign cases blocked'],
    [...rows, row('all', results)],
  );
}

/** The injection signal on benign corpora. */
export function benignTable(results: readonly BenignResult[]): string {
  const rows = results.map((result) => [
    result.name,
    String(result.fields),
    percent({ hits: result.flagged, total: result.fields }),
    String(result.changed),
  ]);
  const total = results.reduce(
    (all, result) => ({
      fields: all.fields + result.fields,
      flagged: all.flagged + result.flagged,
      changed: all.changed + result.changed,
    }),
    { fields: 0, flagged: 0, changed: 0 },
  );
  rows.push([
    'all',
    String(total.fields),
    percent({ hits: total.flagged, total: total.fields }),
    String(total.changed),
  ]);
  return table(['benign corpus', 'text fields', 'flagged by text.instruction', 'fields changed'], rows);
}
