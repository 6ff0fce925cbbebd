// Compiles a contract's binding rules once and checks a validated value against the request context.
import type { Issue } from '../vocabulary/issue.js';
import type { JsonValue } from '../json/types.js';
import { redactPointer, type DeclaredNames, type PointerSegment } from '../vocabulary/pointer.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { contextNow, contextValue, isContextName } from './context-value.js';
import type { BindRule, RequestContext } from './rules.js';
import { compileWildcardPointer, matchPointer, type WildcardPointer } from './wildcard.js';

/** The result of binding: the value holds for this request, or the issue that says why not. */
export type BindResult = { readonly ok: true } | { readonly ok: false; readonly issue: Issue };

/** A rule checked once at definition time, ready to run. */
export type CompiledBinding = (value: JsonValue, context: RequestContext, clock: () => number) => BindResult;

type Failure = { code: Issue['code']; path?: readonly PointerSegment[] };

/**
 * Compiles rules (throws `ContractError` on a malformed one) into one binding function. A failure's pointer
 * keeps only `declared` member names verbatim (the contract's), when given.
 */
export function compileBindings(
  rules: readonly BindRule[],
  location = '/bind',
  declared?: DeclaredNames,
): CompiledBinding {
  const compiled = rules.map((rule, i) => compileRule(rule, `${location}/${i}`));
  return (value, context, clock) => {
    for (const check of compiled) {
      const failure = check(value, context, clock);
      if (failure !== undefined) {
        const issue: Issue = { stage: 'bind', code: failure.code };
        return {
          ok: false,
          issue:
            failure.path === undefined ? issue : { ...issue, pointer: redactPointer(failure.path, declared) },
        };
      }
    }
    return { ok: true };
  };
}

type RuleCheck = (value: JsonValue, context: RequestContext, clock: () => number) => Failure | undefined;

function compileRule(rule: BindRule, location: string): RuleCheck {
  if (rule.rule === 'custom') {
    if (typeof rule.check !== 'function')
      throw new ContractError('contract.invalid_rule', location, 'A custom rule needs a check');
    return (value, context) => (rule.check(value, context) ? undefined : { code: 'bind.rejected' });
  }
  const pointer = pointerOf(rule.pointer, location);
  const optional = 'optional' in rule && (rule.optional ?? false);
  const each =
    (
      test: (
        match: unknown,
        context: RequestContext,
        clock: () => number,
        root: JsonValue,
      ) => Failure['code'] | undefined,
    ): RuleCheck =>
    (value, context, clock) => {
      const matches = matchPointer(value, pointer);
      if (matches.length === 0 && !pointer.hasWildcard && !optional && rule.rule !== 'empty') {
        return { code: 'bind.mismatch', path: [] };
      }
      for (const match of matches) {
        const code = test(match.value, context, clock, value);
        if (code !== undefined) return { code, path: match.path };
      }
      return undefined;
    };
  switch (rule.rule) {
    case 'equals': {
      const name = contextNameOf(rule.context, location);
      return each((found, context) => {
        const expected = contextValue(context, name);
        if (expected === undefined) return 'bind.missing_context';
        return found === expected ? undefined : 'bind.mismatch';
      });
    }
    case 'equalsPointer': {
      const other = pointerOf(rule.other, location);
      if (other.hasWildcard)
        throw new ContractError('contract.invalid_rule', location, '"other" cannot hold "*"');
      return each((found, _context, _clock, root) => {
        const [target] = matchPointer(root, other);
        return target !== undefined && target.value === found ? undefined : 'bind.mismatch';
      });
    }
    case 'maxItems': {
      const name = contextNameOf(rule.context, location);
      return each((found, context) => {
        const limit = contextValue(context, name);
        if (typeof limit !== 'number') return 'bind.missing_context';
        return Array.isArray(found) && found.length <= limit ? undefined : 'bind.max_items';
      });
    }
    case 'fresh': {
      if (!(rule.maxAgeSeconds >= 0))
        throw new ContractError('contract.invalid_rule', location, '"maxAgeSeconds" must be ≥ 0');
      const maxFuture = (rule.maxFutureSeconds ?? 60) * 1000;
      return each((found, context, clock) => {
        const at = typeof found === 'string' ? Date.parse(found) : Number.NaN;
        const now = contextNow(context, clock);
        if (Number.isNaN(at) || Number.isNaN(now)) return 'bind.invalid_timestamp';
        if (at - now > maxFuture) return 'bind.future';
        return now - at > rule.maxAgeSeconds * 1000 ? 'bind.stale' : undefined;
      });
    }
    case 'empty':
      return each((found) => (isEmpty(found) ? undefined : 'bind.not_empty'));
    case 'transition': {
      const name = contextNameOf(rule.context, location);
      const allowed = new Map(Object.entries(rule.allowed).map(([from, to]) => [from, new Set(to)]));
      return each((found, context) => {
        const from = contextValue(context, name);
        if (typeof from !== 'string') return 'bind.missing_context';
        if (found === from) return undefined;
        return typeof found === 'string' && allowed.get(from)?.has(found) === true
          ? undefined
          : 'bind.mismatch';
      });
    }
    default:
      throw new ContractError('contract.invalid_rule', location, 'Unknown binding rule');
  }
}

function pointerOf(pointer: unknown, location: string): WildcardPointer {
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
