// Compiles a contract's binding rules once and checks a validated value against the request context.
import type { Issue } from '../vocabulary/issue.js';
import type { JsonValue } from '../json/types.js';
import { redactPointer, type DeclaredNames, type PointerSegment } from '../vocabulary/pointer.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { compileRuleTest, pointerOf } from './rule-tests.js';
import type { BindRule, RequestContext } from './rules.js';
import { matchPointer } from './wildcard.js';

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
  const test = compileRuleTest(rule, location);
  return (value, context, clock) => {
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
}
