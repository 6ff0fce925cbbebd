// The SARIF 2.1.0 report: each case a rule, each case run a result (fail at error level, pass at none).
import { explainFailure, type CaseResult, type PackResult, type RunReport } from './results.js';

/** The SARIF schema a report declares. */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * Formats a run as a SARIF 2.1.0 log with one run whose tool driver is `airlock-fixtures`. Each case is a
 * rule (`<pack>/<case id>`, described by its title); each case run is a result located at the case's line in
 * its pack.json: `kind: "fail"`, `level: "error"` with every failed expectation in the message, or
 * `kind: "pass"`, `level: "none"`.
 */
export function formatSarifReport(report: RunReport): string {
  const cases = report.packs.flatMap((pack) => pack.cases.map((result) => ({ pack, result })));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'airlock-fixtures',
            rules: cases.map(({ pack, result }) => ({
              id: ruleId(pack, result),
              shortDescription: { text: result.title },
            })),
          },
        },
        results: cases.map(({ pack, result }, ruleIndex) => sarifResult(pack, result, ruleIndex)),
        columnKind: 'unicodeCodePoints',
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function ruleId(pack: PackResult, result: CaseResult): string {
  return `${pack.name}/${result.id}`;
}

function sarifResult(pack: PackResult, result: CaseResult, ruleIndex: number): object {
  const failures = result.failures.map(explainFailure);
  const text = result.passed
    ? `Passed: ${result.observed}.`
    : `Failed (${result.observed}): ${failures.join('; ')}.`;
  return {
    ruleId: ruleId(pack, result),
    ruleIndex,
    kind: result.passed ? 'pass' : 'fail',
    level: result.passed ? 'none' : 'error',
    message: { text },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(pack.file) },
          region: { startLine: result.line },
        },
      },
    ],
    ...(result.evidence === undefined ? {} : { properties: { evidence: result.evidence } }),
  };
}
