// Plans how a UI sink shows an outcome: each string by its declared purpose, URLs by the egress policy.
import { checkUrl } from '../../src/egress/check-url.js';
import type { EgressPolicy } from '../../src/egress/policy.js';
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';
import { childPointer, redactPointerString } from '../../src/vocabulary/pointer.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { isPurposeKind, PURPOSE_TRAITS, type PurposeKind } from '../../src/vocabulary/purpose-kinds.js';
import { heldValue, isUntrusted, type Untrusted } from '../../src/taint/untrusted.js';

/** One string with the purpose it was sanitized for, rendered on its own (tool prose as it comes, untrusted). */
export interface PurposedValue {
  readonly purpose: PurposeKind;
  readonly value: string | Untrusted<string>;
}

/** What a UI sink renders: an outcome from the gate, or one purposed value. */
export type DisplayInput = ToolOutcome<unknown> | PurposedValue;

/**
 * What to show, independent of the output format. Every `text` is inert; only `link` and `markup` are live.
 * `reportPointer` is the field's redacted pointer, for findings.
 */
export type DisplayNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly href: string }
  | { readonly kind: 'markup'; readonly markup: string; readonly reportPointer: string }
  | { readonly kind: 'list'; readonly items: readonly DisplayNode[] }
  | { readonly kind: 'fields'; readonly fields: readonly DisplayField[] };

/** One member of an object: its name (always inert text) and its value. */
export interface DisplayField {
  readonly name: string;
  readonly value: DisplayNode;
}

/** The plan for one input and what planning decided (blocked URLs), as findings. */
export interface DisplayPlan {
  readonly root: DisplayNode;
  readonly findings: readonly Finding[];
}

/**
 * Plans an outcome's data or a purposed value. A string shows by its purpose from `meta.purposes` (never
 * guessed) and its registered display: inert text (`id`, `enum`, `text`); a link only when the policy allows it
 * as a link (`url`; the link text is the canonical URL it goes to; under `hosts: 'any'` a link carries no query
 * and no fragment), otherwise text with a `sink.url_blocked` finding; markup for the sink to sanitize again
 * (`html`). A string without a purpose is text. Objects become fields, arrays lists, numbers, booleans and null
 * their JSON text. A failed outcome shows as its agent code. A value of the data in an untrusted wrapper
 * (`isUntrusted`) is planned as the value it holds, so data of plain strings and of wrappers show alike.
 * Anything else is a programming mistake and throws a TypeError.
 */
export function planDisplay(input: DisplayInput, policy: EgressPolicy): DisplayPlan {
  const findings: Finding[] = [];
  if (isPurposedValue(input)) {
    return { root: planString(unwrap(input.value) as string, input.purpose, '', policy, findings), findings };
  }
  if (!isOutcome(input)) throw new TypeError('A UI sink renders a ToolOutcome or a { purpose, value } pair.');
  if (!input.ok) return { root: { kind: 'text', text: input.error.code }, findings };
  const purposes = input.meta.purposes;
  const purposeAt = (pointer: string): PurposeKind | undefined =>
    Object.hasOwn(purposes, pointer) ? purposes[pointer] : undefined;
  const plan = (held: unknown, pointer: string): DisplayNode => {
    const value = unwrap(held);
    if (typeof value === 'string') return planString(value, purposeAt(pointer), pointer, policy, findings);
    if (Array.isArray(value)) {
      return { kind: 'list', items: value.map((item, index) => plan(item, childPointer(pointer, index))) };
    }
    if (typeof value === 'object' && value !== null) {
      const fields = Object.entries(value).map(([name, member]) => ({
        name,
        value: plan(member, childPointer(pointer, name)),
      }));
      return { kind: 'fields', fields };
    }
    const scalar = value === null || typeof value === 'number' || typeof value === 'boolean';
    return { kind: 'text', text: scalar ? String(value) : '' };
  };
  return { root: plan(input.data, ''), findings };
}

function planString(
  value: string,
  purpose: PurposeKind | undefined,
  pointer: string,
  policy: EgressPolicy,
  findings: Finding[],
): DisplayNode {
  // A purpose this copy does not know (an outcome from elsewhere, as JSON) shows as inert text.
  switch (isPurposeKind(purpose) ? PURPOSE_TRAITS[purpose].display : 'text') {
    case 'text':
      return { kind: 'text', text: value };
    case 'markup':
      return { kind: 'markup', markup: value, reportPointer: redactPointerString(pointer) };
    case 'link': {
      const decision = checkUrl(value, policy, { link: true });
      if (decision.allowed) return { kind: 'link', href: decision.href };
      findings.push({
        code: 'sink.url_blocked',
        pointer: redactPointerString(pointer),
        count: 1,
        action: 'cleaned',
        detail: { reason: decision.reason },
      });
      return { kind: 'text', text: value };
    }
  }
}

/** The value an untrusted wrapper holds (through nested wrappers), or the value itself. */
function unwrap(value: unknown): unknown {
  let plain = value;
  while (isUntrusted(plain)) plain = heldValue(plain);
  return plain;
}

function isPurposedValue(input: unknown): input is PurposedValue {
  if (typeof input !== 'object' || input === null || !('purpose' in input) || !('value' in input))
    return false;
  return isPurposeKind(input.purpose) && typeof unwrap(input.value) === 'string';
}

function isOutcome(input: unknown): input is ToolOutcome<unknown> {
  if (typeof input !== 'object' || input === null || !('ok' in input) || !('meta' in input)) return false;
  if (input.ok === false) return 'error' in input;
  return input.ok === true && 'data' in input && hasPurposes(input.meta);
}

function hasPurposes(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && 'purposes' in meta && typeof meta.purposes === 'object';
}
