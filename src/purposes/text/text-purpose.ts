// The text purpose as the sanitize stage sees it: options read from the contract once, then sanitizeText.
import { ContractError } from '../../vocabulary/contract-error.js';
import type { Purpose } from '../purpose.js';
import { passesText, sanitizeText } from './sanitize-text.js';
import { resolveTextOptions, type ResolvedTextOptions } from './options.js';

/**
 * `"x-purpose": { "kind": "text", …options }`. The contract's text defaults apply first, the field's own
 * options over them; a field that names no `maxCodePoints` gets its schema `maxLength` (ajv counts code
 * points too), so NFC cannot lengthen a value past what the contract allows. Bad options are a ContractError.
 */
export const textPurpose: Purpose<ResolvedTextOptions> = Object.freeze<Purpose<ResolvedTextOptions>>({
  kind: 'text',
  configure({ node, options, defaults, location }) {
    const merged: Record<string, unknown> = { ...defaults, ...options };
    if (merged.maxCodePoints === undefined && typeof node.maxLength === 'number')
      merged.maxCodePoints = node.maxLength;
    try {
      return resolveTextOptions(merged);
    } catch (error) {
      const message = error instanceof TypeError ? error.message : 'Invalid text options';
      throw new ContractError('contract.invalid_purpose', location, message);
    }
  },
  sanitize: (value, options) => sanitizeText(value, options),
  passes: (value, options) => passesText(value, options),
});
