// The test each kind of binding rule applies to every value its pointer matches, compiled once per rule.
import type { JsonValue } from '../json/types.js';
import { ContractError } from '../vocabulary/contract-error.js';
import type { DetailCode } from '../vocabulary/codes.js';
import { contextNow, contextValue, isContextName } from './context-value.js';
import type { BindRule, RequestContext } from './rules.js';
import { compileWildcardPointer, matchPointer, type WildcardPointer } from './wildcard.js';

/** A rule's test of one matched value: undefined when it holds, else the detailed code of the failure. */
export type MatchTest = (
  found: unknown,
  context: RequestContext,
  clock: () => number,
  root: JsonValue,
) => DetailCode | undefined;

/** Compiles the test of a pointer rule (throws `ContractError` on a malformed one). */
export function compileRuleTest(rule: Exclude<BindRule, { rule: 'custom' }>, location: string): MatchTest {
  switch (rule.rule) {
    case 'equals': {
      const name = contextNameOf(rule.context, location);
      return (found, context) => {
        const expected = contextValue(context, name);
        if (expected === undefined) return 'bind.missing_context';
        return found === expected ? undefined : 'bind.mismatch';
      };
    }
    case 'equalsPointer': {
      const other = pointerOf(rule.other, location);
      if (other.hasWildcard)
        throw new ContractError('contract.invalid_rule', location, '"other" cannot hold "*"');
      return (found, _context, _clock, root) => {
        const [target] = matchPointer(root, other);
        return target !== undefined && target.value === found ? undefined : 'bind.mismatch';
      };
    }
    case 'maxItems': {
      const name = contextNameOf(rule.context, location);
      return (found, context) => {
        const limit = contextValue(context, name);
        if (typeof limit !== 'number') return 'bind.missing_context';
        return Array.isArray(found) && found.length <= limit ? undefined : 'bind.max_items';
      };
    }
    case 'fresh': {
      if (!(rule.maxAgeSeconds >= 0))
        throw new ContractError('contract.invalid_rule', location, '"maxAgeSeconds" must be ≥ 0');
      const maxFuture = (rule.maxFutureSeconds ?? 60) * 1000;
      return (found, context, clock) => {
        const at = typeof found === 'string' ? Date.parse(found) : Number.NaN;
        const now = contextNow(context, clock);
        if (Number.isNaN(at) || Number.isNaN(now)) return 'bind.invalid_timestamp';
        if (at - now > maxFuture) return 'bind.future';
        return now - at > rule.maxAgeSeconds * 1000 ? 'bind.stale' : undefined;
      };
    }
    case 'empty':
      return (found) => (isEmpty(found) ? undefined : 'bind.not_empty');
    case 'transition': {
      const name = contextNameOf(rule.context, location);
      const allowed = new Map(Object.entries(rule.allowed).map(([from, to]) => [from, new Set(to)]));
      return (found, context) => {
        const from = contextValue(context, name);
        if (typeof from !== 'string') return 'bind.missing_context';
        if (found === from) return undefined;
        return typeof found === 'string' && allowed.get(from)?.has(found) === true
          ? undefined
          : 'bind.mismatch';
      };
    }
    default:
      throw new ContractError('contract.invalid_rule', location, 'Unknown binding rule');
  }
}

/** A rule's JSON pointer, compiled (throws `ContractError` when it is not a pointer). */
export function pointerOf(pointer: unknown, location: string): WildcardPointer {
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
    throw new ContractError('contract.invalid_rule', location, 'A rule needs a JSON pointer');
  }
  return compileWildcardPointer(pointer);
}

function contextNameOf(name: unknown, location: string): string {
  if (typeof name !== 'string' || !isContextName(name)) {
    throw new ContractError('contract.invalid_rule', location, 'A rule names an unknown context field');
  }
  return name;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}
