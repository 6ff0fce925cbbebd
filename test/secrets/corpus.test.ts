// The secret detector against the scanner corpus: recall per placement, look-alikes kept, scanner negatives kept.
import { describe, expect, it } from 'vitest';
import { toLogLine } from '../../sinks/log/line.js';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';
import { redactSecrets } from '../../src/secrets/index.js';
import {
  formatReport,
  PLACEMENTS,
  runNegatives,
  runPositives,
  SCANNER_NEGATIVES,
  TRUE_POSITIVES,
} from './harness.js';
import { LOOKALIKES, lookalikeContexts } from './lookalikes.js';

/** The log sink as a redactor: one event with the text as a field, read back from the line. */
function throughLogSink(text: string): string {
  const line = toLogLine({ output: text }, { maxStringLength: 1 << 20, maxLineLength: 1 << 22 });
  return (JSON.parse(line) as { output: string }).output;
}

/** The text purpose as a redactor, with its defaults: the value it returns (a refused value passes unchanged). */
function throughTextPurpose(text: string): string {
  const result = sanitizeText(text);
  return result.ok ? result.value : text;
}

/** Every place the one detector redacts in: the detector itself, and each sink or purpose built on it. */
const REDACTORS: ReadonlyArray<readonly [string, (text: string) => string]> = [
  ['the detector', (text) => redactSecrets(text).text],
  ['the log sink', throughLogSink],
  ['the text purpose', throughTextPurpose],
];

/** The recall target per placement: at least 98 % of true positives leave no 8-character piece behind. */
const RECALL_TARGET = 0.98;
/** The target for the scanners' own negative lines: at most 10 % of them changed. */
const NEGATIVE_TARGET = 0.1;

describe.each(REDACTORS)('secret corpus through %s', (name, redact) => {
  it('redacts true positives in each of the five placements (at least 98 %)', () => {
    const report = runPositives(redact);
    console.log(
      `secret corpus through ${name}, ${TRUE_POSITIVES.length} true positives, redacted share per placement\n${formatReport(report)}`,
    );
    for (const placement of PLACEMENTS) {
      const tally = report.byPlacement[placement];
      expect(tally.redacted / tally.total, placement).toBeGreaterThanOrEqual(RECALL_TARGET);
    }
  });

  it('keeps every UUID, git SHA, digest, integrity hash and order number', () => {
    expect(LOOKALIKES.length).toBeGreaterThanOrEqual(200);
    const contexts = LOOKALIKES.flatMap(lookalikeContexts);
    const changed = runNegatives(redact, contexts);
    console.log(
      `${name}, look-alikes: ${changed.length} of ${contexts.length} contexts changed (${LOOKALIKES.length} strings)`,
    );
    expect(changed).toEqual([]);
  });

  it("keeps the scanners' own should-not-flag lines (at most 10 % changed)", () => {
    const changed = runNegatives(
      redact,
      SCANNER_NEGATIVES.map((n) => n.text),
    );
    const share = changed.length / SCANNER_NEGATIVES.length;
    console.log(
      `${name}, scanner negatives: ${changed.length} of ${SCANNER_NEGATIVES.length} changed (${(100 * share).toFixed(1)}%)`,
    );
    expect(share).toBeLessThanOrEqual(NEGATIVE_TARGET);
  });
});
