// The sanitize walk: every string of a validated value goes through the purpose its contract gave it.
import type { Issue } from '../vocabulary/issue.js';
import { exceedsExpansion, type OutputLimits } from '../vocabulary/limits.js';
import { setOwnMember } from '../json/own-member.js';
import { redactPointer, type DeclaredNames, type PointerSegment } from '../vocabulary/pointer.js';
import type { Shape } from './shape.js';
import { utf8Length } from '../unicode/codepoint.js';
import type { Finding } from '../vocabulary/finding.js';
import type { HiddenPayload, PurposeOutcome } from '../purposes/purpose.js';
import { PurposeIndex, type MemberPurposes } from './purpose-index.js';

/** Smuggled content found in a field, located by a redacted pointer (operator audit only). */
export interface LocatedHiddenPayload extends HiddenPayload {
  readonly pointer: string;
}

/** A fresh sanitized copy of the value with what happened to it, or the issue that refused it. */
export type SanitizeResult =
  | {
      readonly ok: true;
      readonly value: unknown;
      readonly purposes: PurposeIndex;
      readonly findings: readonly Finding[];
      readonly hidden: readonly LocatedHiddenPayload[];
    }
  | { readonly ok: false; readonly issue: Issue; readonly findings: readonly Finding[] };

/** Where a string sits: its fresh container and key (none for a string at the root). */
type Place = { readonly container: object; readonly key: string | number } | undefined;

/** A string whose asynchronous sanitization is still running, and where its result goes once settled. */
interface Pending {
  readonly promise: PromiseLike<PurposeOutcome>;
  readonly input: string;
  readonly path: readonly PointerSegment[];
  readonly place: Place;
}

interface Walk {
  readonly purposes: PurposeIndex;
  readonly findings: Finding[];
  readonly hidden: LocatedHiddenPayload[];
  readonly pending: Pending[];
  readonly path: PointerSegment[];
  readonly limits: OutputLimits;
  /** The contract's member names: the only ones reported pointers show verbatim. */
  readonly names: DeclaredNames | undefined;
  failure: Issue | undefined;
  growth: number;
  root: string | undefined;
}

/**
 * Builds a fresh copy of a validated value in which every string went through its purpose. Objects are
 * created with own data properties only. Rich-text purposes may be asynchronous: every one is started during
 * the walk and awaited together (the html purpose paces its own DOM work across macrotasks). The copy is refused when a purpose refuses a value, when a
 * value grows beyond the expansion budget, or when the whole grows beyond `safeMaxBytes`.
 */
export async function sanitizeValue(
  value: unknown,
  shape: Shape,
  decodedBytes: number,
  limits: OutputLimits,
  names?: DeclaredNames,
): Promise<SanitizeResult> {
  const walk: Walk = {
    purposes: new PurposeIndex(),
    findings: [],
    hidden: [],
    pending: [],
    path: [],
    limits,
    names,
    failure: undefined,
    growth: 0,
    root: undefined,
  };
  const visited = visit(value, shape, walk, undefined, '', undefined);
  if (walk.pending.length > 0 && walk.failure === undefined) {
    const outcomes = await Promise.all(walk.pending.map((item) => item.promise));
    walk.pending.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome !== undefined) settle(outcome, item.input, item.path, walk, item.place);
    });
  }
  if (walk.failure !== undefined) return { ok: false, issue: walk.failure, findings: walk.findings };
  const copy = typeof value === 'string' ? walk.root : visited;
  if (decodedBytes + walk.growth > limits.safeMaxBytes) {
    const size = new TextEncoder().encode(JSON.stringify(copy)).length;
    if (size > limits.safeMaxBytes) {
      const issue: Issue = {
        stage: 'sanitize',
        code: 'sanitize.too_large',
        limit: limits.safeMaxBytes,
        actual: size,
      };
      return { ok: false, issue, findings: walk.findings };
    }
  }
  return { ok: true, value: copy, purposes: walk.purposes, findings: walk.findings, hidden: walk.hidden };
}

/**
 * Visits one value. `container` and `key` say where its sanitized copy goes (no container at the root);
 * `kinds` collects the purposes of the container's string members.
 */
function visit(
  value: unknown,
  at: Shape | undefined,
  walk: Walk,
  container: object | undefined,
  key: string | number,
  kinds: MemberPurposes | undefined,
): unknown {
  if (walk.failure !== undefined) return undefined;
  const shape = at?.at(value);
  if (typeof value === 'string') return visitString(value, shape, walk, container, key, kinds);
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    const members = Object.create(null) as MemberPurposes;
    for (let i = 0; i < value.length; i++) {
      walk.path.push(i);
      out[i] = visit(value[i], shape?.item(i), walk, out, i, members);
      walk.path.pop();
    }
    walk.purposes.attach(out, members);
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    const members = Object.create(null) as MemberPurposes;
    for (const member of Object.keys(value)) {
      walk.path.push(member);
      const inner = visit(
        (value as Record<string, unknown>)[member],
        shape?.member(member),
        walk,
        out,
        member,
        members,
      );
      setOwnMember(out, member, inner);
      walk.path.pop();
    }
    walk.purposes.attach(out, members);
    return out;
  }
  return value;
}

function visitString(
  value: string,
  shape: Shape | undefined,
  walk: Walk,
  container: object | undefined,
  key: string | number,
  kinds: MemberPurposes | undefined,
): string {
  const purpose = shape?.conflict === false ? shape.purpose : undefined;
  if (purpose === undefined) {
    walk.failure = {
      stage: 'sanitize',
      code: 'sanitize.purpose_unresolved',
      pointer: redactPointer(walk.path, walk.names),
    };
    return value;
  }
  if (kinds === undefined) {
    walk.root = value;
    walk.purposes.root = purpose.kind;
  } else {
    kinds[key] = purpose.kind;
  }
  const outcome = purpose.sanitize(value);
  if (isPromiseLike(outcome)) {
    const place = container === undefined ? undefined : { container, key };
    walk.pending.push({ promise: outcome, input: value, path: [...walk.path], place });
    return value;
  }
  return settle(outcome, value, walk.path, walk, undefined) ?? value;
}

/** Applies a purpose's outcome: records findings, checks growth, writes the value to its place. */
function settle(
  outcome: PurposeOutcome,
  input: string,
  path: readonly PointerSegment[],
  walk: Walk,
  place: Place,
): string | undefined {
  const pointer = outcome.findings.length > 0 || !outcome.ok ? redactPointer(path, walk.names) : '';
  for (const finding of outcome.findings) walk.findings.push({ ...finding, pointer });
  if (!outcome.ok) {
    walk.failure ??= { stage: 'sanitize', code: 'sanitize.rejected', pointer };
    return undefined;
  }
  for (const payload of outcome.hidden ?? [])
    walk.hidden.push({ ...payload, pointer: redactPointer(path, walk.names) });
  if (outcome.value !== input) {
    const before = utf8Length(input);
    const after = utf8Length(outcome.value);
    if (exceedsExpansion(before, after, walk.limits.expansionBudget, outcome.allowance)) {
      walk.failure ??= {
        stage: 'sanitize',
        code: 'sanitize.expansion',
        pointer: redactPointer(path, walk.names),
        limit: walk.limits.expansionBudget,
        actual: after,
      };
      return undefined;
    }
    walk.growth += Math.max(0, after - before);
  }
  if (place !== undefined) setOwnMember(place.container, place.key, outcome.value);
  else if (path.length === 0) walk.root = outcome.value;
  return outcome.value;
}

function isPromiseLike(value: unknown): value is PromiseLike<PurposeOutcome> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}
