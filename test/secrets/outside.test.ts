// The secret detector on scanners' data it draws no rule from: recall per provider and placement, negatives kept.
import { describe, expect, it } from 'vitest';
import negativesJson from './outside/negatives.json' with { type: 'json' };
import positivesJson from './outside/positives.json' with { type: 'json' };
import { runNegatives } from './harness.js';
import {
  formatOutside,
  OUTSIDE_PLACEMENTS,
  runOutside,
  type OutsideNegative,
  type OutsidePlacement,
  type OutsidePositive,
} from './outside-harness.js';
import { redactSecrets } from '../../src/secrets/index.js';
import { REDACTORS } from './redactors.js';

const ALL: readonly OutsidePositive[] = positivesJson;
/** The real-looking secrets; placeholders are measured apart (see the `placeholders` option). */
const POSITIVES = ALL.filter((item) => !item.placeholder);
/** The stand-ins the scanners' examples use (`abcd1234…`, `123e4567-…`): kept by default. */
const PLACEHOLDERS = ALL.filter((item) => item.placeholder);
const NEGATIVES: readonly OutsideNegative[] = negativesJson;

/** The targets: distinct self-identifying secrets bare and in a sentence, every secret in its line. */
const TARGETS: Readonly<Record<OutsidePlacement, number>> = Object.freeze({
  bare: 0.97,
  sentence: 0.97,
  context: 0.95,
  json: 0.95,
  'url-query': 0.95,
  'env-file': 0.95,
  'command-line': 0.95,
});
/** At most this share of the scanners' should-not-flag lines may change. */
const NEGATIVE_TARGET = 0.02;

describe.each(REDACTORS)('outside scanner data through %s', (name, redact) => {
  it('redacts their secrets in every placement', () => {
    const report = runOutside(redact, POSITIVES);
    console.log(
      `outside data through ${name}: ${POSITIVES.length} examples, redacted share (count) per placement; ` +
        `bare and sentence count distinct self-identifying secrets; providers with a miss, then all\n` +
        formatOutside(report),
    );
    for (const placement of OUTSIDE_PLACEMENTS) {
      const tally = report.byPlacement[placement];
      expect(tally.redacted / tally.total, placement).toBeGreaterThanOrEqual(TARGETS[placement]);
    }
  });

  it("keeps the scanners' should-not-flag lines (at most 2 % changed)", () => {
    const changed = runNegatives(
      redact,
      NEGATIVES.map((n) => n.text),
    );
    const share = changed.length / NEGATIVES.length;
    console.log(
      `${name}, outside negatives: ${changed.length} of ${NEGATIVES.length} changed (${(100 * share).toFixed(1)}%)`,
    );
    expect(share).toBeLessThanOrEqual(NEGATIVE_TARGET);
  });
});

describe('the scanners’ placeholders', () => {
  it('are redacted in their context line with `placeholders: "redact"` (measured), and mostly kept without', () => {
    const counted = runOutside((text) => redactSecrets(text, { placeholders: 'redact' }).text, PLACEHOLDERS);
    const kept = runOutside((text) => redactSecrets(text).text, PLACEHOLDERS);
    const [head] = formatOutside(counted).split('\n');
    const total = (report: typeof counted): string => formatOutside(report).split('\n').pop() ?? '';
    console.log(
      `outside placeholders (${PLACEHOLDERS.length} examples), redacted share per placement\n${head ?? ''}\n` +
        `${total(counted)}   (placeholders: 'redact')\n${total(kept)}   (default: kept)`,
    );
    const share = (report: typeof counted): number =>
      report.byPlacement.context.redacted / report.byPlacement.context.total;
    expect(share(counted)).toBeGreaterThan(share(kept));
  });
});
