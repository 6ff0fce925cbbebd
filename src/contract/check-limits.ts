// Refuses malformed limits with a TypeError naming the first bad field, so a bad contract fails where it is written.
import { checkReadLimits } from '../read/check-limits.js';
import type { Limits, OutputLimits, ParseLimits } from '../vocabulary/limits.js';

/**
 * Throws a TypeError naming the first malformed limit: read limits as `checkReadLimits` states, parse
 * counts as positive safe integers (depth at most 10,000), output bytes as a positive safe integer and the
 * expansion budget as a finite number of at least 1.
 */
export function checkLimits(limits: Limits): void {
  checkReadLimits(limits.read);
  const parse: Readonly<Record<keyof ParseLimits, unknown>> = limits.parse;
  for (const name of ['maxMembers', 'maxItems', 'maxStringLength'] as const)
    count(`parse limit "${name}"`, parse[name], 0);
  count('parse limit "maxNodes"', parse.maxNodes, 1);
  count('parse limit "maxDepth"', parse.maxDepth, 1, MAX_DEPTH);
  if (parse.unsafeIntegers !== 'reject' && parse.unsafeIntegers !== 'allow') {
    throw new TypeError('parse limit "unsafeIntegers" must be "reject" or "allow".');
  }
  const output: Readonly<Record<keyof OutputLimits, unknown>> = limits.output;
  count('output limit "safeMaxBytes"', output.safeMaxBytes, 1);
  const budget = output.expansionBudget;
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget < 1) {
    throw new TypeError('output limit "expansionBudget" must be a finite number of at least 1.');
  }
}

/** The deepest nesting a contract may allow. */
const MAX_DEPTH = 10_000;

function count(name: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new TypeError(`${name} must be a whole number from ${min} to ${max}.`);
  }
}
