// The JSON report: the whole run as one document, for scripts and dashboards.
import type { RunReport } from './results.js';

/** The `format` member a JSON report starts with, so a reader can tell what it holds. */
export const JSON_REPORT_FORMAT = 'airlock-fixtures-report/1';

/** Formats a run as pretty-printed JSON: `{ format, total, passed, failed, durationMs, packs: [...] }`. */
export function formatJsonReport(report: RunReport): string {
  const { total, passed, failed, durationMs, packs } = report;
  return (
    JSON.stringify({ format: JSON_REPORT_FORMAT, total, passed, failed, durationMs, packs }, null, 2) + '\n'
  );
}
