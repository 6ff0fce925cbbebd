// The text report: one line per case, each failed expectation explained, then a summary table per pack.
import { explainFailure, type CaseResult, type PackResult, type RunReport } from './results.js';

/**
 * Formats a run for a person at a terminal or in a CI log: per pack, one line per case (verdict, id, evidence
 * reference when a vault was used, what happened), the title and each missed expectation under a failed case,
 * then the summary table.
 */
export function formatTextReport(report: RunReport): string {
  const lines: string[] = [];
  const idWidth = Math.max(
    8,
    ...report.packs.flatMap((pack) => pack.cases.map((result) => result.id.length)),
  );
  for (const pack of report.packs) {
    lines.push(`${pack.name}  (${pack.file})`);
    for (const result of pack.cases) lines.push(...caseLines(result, idWidth));
    lines.push('');
  }
  lines.push(...summaryTable(report));
  return lines.join('\n') + '\n';
}

function caseLines(result: CaseResult, idWidth: number): string[] {
  const mark = result.passed ? 'pass' : 'FAIL';
  const evidence = result.evidence === undefined ? '' : `${result.evidence}  `;
  const head = `  ${mark}  ${result.id.padEnd(idWidth)}  ${evidence}${result.observed}`;
  if (result.passed) return [head.trimEnd()];
  return [
    head.trimEnd(),
    `        proves: ${result.title}`,
    ...result.failures.map((failure) => `        ${explainFailure(failure)}`),
  ];
}

function summaryTable(report: RunReport): string[] {
  const rows: string[][] = [
    ['pack', 'cases', 'passed', 'failed', 'time'],
    ...report.packs.map((pack: PackResult) => {
      const passed = pack.cases.filter((result) => result.passed).length;
      return [
        pack.name,
        String(pack.cases.length),
        String(passed),
        String(pack.cases.length - passed),
        seconds(pack.durationMs),
      ];
    }),
    ['total', String(report.total), String(report.passed), String(report.failed), seconds(report.durationMs)],
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const format = (row: readonly string[]): string =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const [header, ...body] = rows;
  const totals = body.pop() ?? [];
  const verdict =
    report.failed === 0
      ? `all ${report.total} cases passed`
      : `${report.failed} of ${report.total} cases failed`;
  return [format(header ?? []), rule, ...body.map(format), rule, format(totals), '', verdict];
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
