// The secret detector against the scanner corpus: recall per placement, look-alikes kept, scanner negatives kept.
import { describe, expect, it } from 'vitest';
import {
  formatReport,
  PLACEMENTS,
  runNegatives,
  runPositives,
  SCANNER_NEGATIVES,
  TRUE_POSITIVES,
} from './harness.js';
import { LOOKALIKES, lookalikeContexts } from './lookalikes.js';
import { REDACTORS } from './redactors.js';

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
