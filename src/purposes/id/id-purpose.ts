// The `id` purpose: a strict identifier, matched by its pattern, ASCII only, never normalized.
import { ContractError } from '../../vocabulary/contract-error.js';
import { finiteValues } from '../../schema/subschemas.js';
import { NO_FINDINGS, refuseOptions, type Purpose } from '../purpose.js';

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/**
 * Identifiers are compared, joined and routed on, so they are never rewritten: a value that is not printable
 * ASCII without spaces is refused (its pattern and `maxLength` were already asserted by the validator).
 */
export const idPurpose: Purpose<null> = Object.freeze<Purpose<null>>({
  kind: 'id',
  configure(site) {
    const { node, location } = site;
    if (
      typeof node.pattern !== 'string' &&
      typeof node.format !== 'string' &&
      finiteValues(node) === undefined
    ) {
      throw new ContractError(
        'contract.invalid_purpose',
        location,
        'An "id" field needs a "pattern" or a "format"',
      );
    }
    refuseOptions(site, 'id');
    return null;
  },
  passes: (value) => PRINTABLE_ASCII.test(value),
  sanitize(value) {
    if (PRINTABLE_ASCII.test(value)) return { ok: true, value, findings: NO_FINDINGS };
    return { ok: false, findings: [{ code: 'id.not_ascii', pointer: '', count: 1, action: 'rejected' }] };
  },
});
