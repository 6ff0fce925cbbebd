// The JUnit XML report: one testsuite per pack, one testcase per case, a failure element per failed case.
import { explainFailure, type CaseResult, type PackResult, type RunReport } from './results.js';
import { escapeXml } from './xml.js';

/** Formats a run as JUnit XML, the format CI servers read test results from. */
export function formatJunitReport(report: RunReport, timestamp: Date = new Date()): string {
  const suites = report.packs.map((pack) => suite(pack, timestamp));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="airlock fixtures" tests="${report.total}" failures="${report.failed}" errors="0" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function suite(pack: PackResult, timestamp: Date): string {
  const failures = pack.cases.filter((result) => !result.passed).length;
  const attributes = [
    `name="${escapeXml(pack.name)}"`,
    `tests="${pack.cases.length}"`,
    `failures="${failures}"`,
    'errors="0"',
    'skipped="0"',
    `time="${seconds(pack.durationMs)}"`,
    `timestamp="${timestamp.toISOString().slice(0, 19)}"`,
    `file="${escapeXml(pack.file)}"`,
  ];
  return [
    `  <testsuite ${attributes.join(' ')}>`,
    ...pack.cases.map((result) => testCase(pack, result)),
    '  </testsuite>',
  ].join('\n');
}

function testCase(pack: PackResult, result: CaseResult): string {
  const open = `    <testcase classname="airlock.fixtures.${escapeXml(pack.name)}" name="${escapeXml(`${result.id}: ${result.title}`)}" file="${escapeXml(pack.file)}" line="${result.line}" time="${seconds(result.durationMs)}">`;
  const body: string[] = [];
  if (!result.passed) {
    const message = result.failures.map(explainFailure);
    body.push(
      `      <failure type="expectation" message="${escapeXml(message[0] ?? 'failed')}">${escapeXml(message.join('\n'))}</failure>`,
    );
  }
  const out = [
    `observed: ${result.observed}`,
    ...(result.evidence === undefined ? [] : [`evidence: ${result.evidence}`]),
  ];
  body.push(`      <system-out>${escapeXml(out.join('\n'))}</system-out>`);
  return [open, ...body, '    </testcase>'].join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
