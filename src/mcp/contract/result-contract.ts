// A tool's result contract as the gate runs it on an MCP result: the envelope around the structured contract, rebased.
import type { BindRule } from '../../bind/rules.js';
import type { ToolContract } from '../../contract/define-tool.js';
import type { FailureVariant } from '../../contract/failure-variant.js';
import type { JsonValue } from '../../json/types.js';
import type { ProjectionSpec } from '../../project/projection.js';
import type { PurposeDefaults } from '../../purposes/registry.js';
import type { InstructionPolicy } from '../../purposes/text/instruction.js';
import { ContractError } from '../../vocabulary/contract-error.js';
import type { LimitOverrides } from '../../vocabulary/limits.js';
import { resultEnvelopeSchema, type EnvelopeBounds } from './result-schema.js';

/** What a client pins for a tool's `structuredContent`: a contract without its name (the tool's name is used). */
export type StructuredContract = Omit<ToolContract, 'name'>;

/** The projected field that carries the sanitized content blocks out of the gate (taken off by the adapter). */
export const CONTENT_FIELD = '$mcp.content';
/** The projected field that carries the whole structured value when its contract has no projection of its own. */
export const STRUCTURED_FIELD = '$mcp.structured';

const STRUCTURED_AT = '/structuredContent';
const EMBEDDED_AT = '/$defs/mcp.structured';

/**
 * The contract the gate applies to a whole result: `structured` (written for `structuredContent`, as a user
 * or the schema hardening wrote it) embedded in the result envelope. Its `$ref`s, binding rules, failure
 * variant and projection are rebased onto `/structuredContent`; the projection gains {@link CONTENT_FIELD}
 * (and {@link STRUCTURED_FIELD} when it had none). Without `structured`, the result is text-only: the
 * structured part, if any, is checked as bounded JSON and never projected. `limits` are the contract's
 * limits (a client contract's own apply to the whole result). Throws `ContractError` on a projection field
 * the adapter reserves. The adapter's injection signal (`bounds.instructions`), when on, is the contract's
 * default for text, so it reaches every text field of the structured part whose contract sets none of its own.
 */
export function resultContract(
  name: string,
  version: string,
  structured: StructuredContract | undefined,
  bounds: EnvelopeBounds,
  limits: LimitOverrides | undefined,
): ToolContract {
  const schema = structured === undefined ? undefined : embed(structured.schema);
  return {
    name,
    version,
    schema: resultEnvelopeSchema(schema, bounds),
    ...(limits === undefined ? {} : { limits }),
    ...purposesWith(structured?.purposes, bounds.instructions),
    ...(structured?.bind === undefined ? {} : { bind: structured.bind.map(rebaseRule) }),
    ...(structured?.failure === undefined ? {} : { failure: rebaseFailure(structured.failure) }),
    project: projection(structured?.project, structured !== undefined),
  };
}

/** The contract's purpose defaults, with the injection signal as the text default unless they set their own. */
function purposesWith(
  own: PurposeDefaults | undefined,
  instructions: InstructionPolicy,
): { readonly purposes?: PurposeDefaults } {
  if (instructions === 'ignore') return own === undefined ? {} : { purposes: own };
  return { purposes: { ...own, text: { instructions, ...own?.text } } };
}

function projection(own: ProjectionSpec | undefined, hasStructured: boolean): ProjectionSpec {
  const content = { [CONTENT_FIELD]: '/content' };
  if (own === undefined) return hasStructured ? { [STRUCTURED_FIELD]: STRUCTURED_AT, ...content } : content;
  const fields: Record<string, ProjectionSpec[string]> = {};
  for (const [field, rule] of Object.entries(own)) {
    if (field.startsWith('$mcp.')) {
      throw new ContractError(
        'contract.invalid_projection',
        `/project/${field}`,
        'Fields named "$mcp.…" are reserved',
      );
    }
    fields[field] = typeof rule === 'string' ? rebase(rule) : { ...rule, from: rebase(rule.from) };
  }
  return { ...fields, ...content };
}

function rebaseRule(rule: BindRule): BindRule {
  if (rule.rule === 'custom') {
    const check = rule.check;
    return { ...rule, check: (value, context) => check(structuredOf(value), context) };
  }
  if (rule.rule === 'equalsPointer')
    return { ...rule, pointer: rebase(rule.pointer), other: rebase(rule.other) };
  return { ...rule, pointer: rebase(rule.pointer) };
}

function rebaseFailure(failure: FailureVariant): FailureVariant {
  return {
    ...failure,
    pointer: rebase(failure.pointer),
    ...(failure.retryable === undefined ? {} : { retryable: rebase(failure.retryable) }),
    ...(failure.code === undefined ? {} : { code: rebase(failure.code) }),
  };
}

/** A pointer into `structuredContent` as a pointer into the whole result (a malformed one is left to fail later). */
function rebase(pointer: string): string {
  return pointer === '' || pointer.startsWith('/') ? STRUCTURED_AT + pointer : pointer;
}

function structuredOf(value: JsonValue): JsonValue {
  const inner =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? value.structuredContent
      : undefined;
  return inner ?? null;
}

/** A deep copy of a schema for `#/$defs/mcp.structured`: pointer `$ref`s rebased, root `$schema`/`$id` dropped. */
function embed(schema: object): object {
  const root = Object.fromEntries(
    Object.entries(schema).filter(([keyword]) => keyword !== '$schema' && keyword !== '$id'),
  );
  const copy = (value: unknown, key?: string): unknown => {
    if (key === '$ref' && typeof value === 'string' && (value === '#' || value.startsWith('#/'))) {
      return `#${EMBEDDED_AT}${value.slice(1)}`;
    }
    if (Array.isArray(value)) return value.map((item) => copy(item));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, copy(inner, name)]));
  };
  return copy(root) as object;
}
