// The contract between the sanitize stage and one field purpose: configure at definition, sanitize per value.
import { ContractError } from '../vocabulary/contract-error.js';
import type { SchemaObject } from '../schema/subschemas.js';
import type { Finding } from '../vocabulary/finding.js';
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';

/** Smuggled content a purpose decoded (for the operator's audit record only, never the outcome). */
export interface HiddenPayload {
  readonly kind: string;
  readonly decoded: string;
}

/** The sanitized value and what changed, or a refusal. Findings have pointer '' (the caller re-bases them). */
export type PurposeOutcome =
  | {
      readonly ok: true;
      readonly value: string;
      readonly findings: readonly Finding[];
      readonly hidden?: readonly HiddenPayload[];
      /** Bytes of fixed markup the purpose added itself (not grown from the content); the budget ignores them. */
      readonly allowance?: number;
    }
  | { readonly ok: false; readonly findings: readonly Finding[] };

/** Where a purpose is configured: the string leaf's schema, its explicit options and the contract's defaults. */
export interface PurposeSite {
  /** The string leaf's schema node. */
  readonly node: SchemaObject;
  /** Options written in the `x-purpose` object (without `kind`). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The contract's defaults for this purpose, if any. */
  readonly defaults: Readonly<Record<string, unknown>> | undefined;
  /** Location of the leaf in the contract, for configuration errors. */
  readonly location: string;
}

/**
 * One field purpose. `configure` runs once per string leaf when a contract is defined and throws a
 * `ContractError` on a leaf the purpose cannot serve; `sanitize` runs per value and never throws.
 */
export interface Purpose<Options> {
  readonly kind: PurposeKind;
  configure(site: PurposeSite): Options;
  sanitize(value: string, options: Options): PurposeOutcome | Promise<PurposeOutcome>;
  /**
   * A shortcut the walk asks first: true only when `sanitize` would keep the value as it is, without a
   * finding (false says nothing: `sanitize` decides). It allocates nothing, where an outcome is an object
   * per string.
   */
  passes?(value: string, options: Options): boolean;
}

/** A purpose bound to its configured options: what the sanitize stage calls for one string leaf. */
export interface ConfiguredPurpose {
  readonly kind: PurposeKind;
  sanitize(value: string): PurposeOutcome | Promise<PurposeOutcome>;
  /** See {@link Purpose.passes}; absent when the purpose has no shortcut. */
  readonly passes?: (value: string) => boolean;
}

/** The findings of a value that passed unchanged: shared and frozen, so a clean value allocates no array. */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** Refuses options on a purpose that takes none (a `ContractError` at definition time). */
export function refuseOptions(site: PurposeSite, kind: PurposeKind): void {
  if (Object.keys(site.options).length > 0) {
    throw new ContractError(
      'contract.invalid_purpose',
      site.location,
      `The "${kind}" purpose takes no options`,
    );
  }
}

/** Binds a purpose to options computed once at definition time. */
export function configurePurpose<Options>(purpose: Purpose<Options>, site: PurposeSite): ConfiguredPurpose {
  const options = purpose.configure(site);
  const sanitize = (value: string): PurposeOutcome | Promise<PurposeOutcome> =>
    purpose.sanitize(value, options);
  if (purpose.passes === undefined) return Object.freeze({ kind: purpose.kind, sanitize });
  const test = purpose.passes.bind(purpose);
  return Object.freeze({ kind: purpose.kind, sanitize, passes: (value: string) => test(value, options) });
}
