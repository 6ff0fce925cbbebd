// The `enum` purpose: a value from a fixed list, matched exactly.
import { ContractError } from '../../vocabulary/contract-error.js';
import { finiteValues } from '../../schema/subschemas.js';
import { NO_FINDINGS, refuseOptions, type Purpose } from '../purpose.js';

/**
 * A field that may only hold one of the listed strings. The validator already asserted membership; the
 * purpose checks it again against its own frozen set, so a projection can never carry anything else.
 */
export const enumPurpose: Purpose<ReadonlySet<string>> = Object.freeze<Purpose<ReadonlySet<string>>>({
  kind: 'enum',
  configure(site) {
    const { node, location } = site;
    const values = finiteValues(node);
    if (values === undefined) {
      throw new ContractError(
        'contract.invalid_purpose',
        location,
        'An "enum" field needs "enum" or "const"',
      );
    }
    refuseOptions(site, 'enum');
    return new Set(values.filter((value): value is string => typeof value === 'string'));
  },
  passes: (value, allowed) => allowed.has(value),
  sanitize(value, allowed) {
    if (allowed.has(value)) return { ok: true, value, findings: NO_FINDINGS };
    return { ok: false, findings: [{ code: 'enum.not_listed', pointer: '', count: 1, action: 'rejected' }] };
  },
});
