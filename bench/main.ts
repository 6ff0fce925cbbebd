// `npm run bench`: runs every suite and prints each figure beside the baseline measured in the same run.
import type { BenchRow, BenchSuite } from './harness.js';
import { SUITES } from './suites.js';

function format(rows: readonly BenchRow[]): string {
  const lines = rows.map((row) => {
    const target = row.target === undefined ? '' : `  (target ${row.target})`;
    return `  ${row.name}\n    ${row.ratio.toFixed(2)}× ${row.baseline}${target}\n    ${row.detail}`;
  });
  return lines.join('\n');
}

async function runSuite(suite: BenchSuite): Promise<void> {
  console.log(`\n${suite.title}`);
  console.log(format(await suite.run()));
}

const only = process.argv.slice(2);
for (const suite of SUITES) {
  if (only.length === 0 || only.some((word) => suite.title.toLowerCase().includes(word.toLowerCase()))) {
    await runSuite(suite);
  }
}
