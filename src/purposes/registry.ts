// Resolves each string leaf of a contract to its configured purpose: explicit `x-purpose`, or an implied enum.
import { ContractError } from '../vocabulary/contract-error.js';
import { PURPOSE_KEYWORD } from '../schema/purpose-keyword.js';
import { PURPOSE_CHOICES } from '../schema/contract-preflight.js';
import { finiteValues, isSchemaObject, type SchemaObject } from '../schema/subschemas.js';
import { enumPurpose } from './enum/enum-purpose.js';
import { htmlPurpose } from './html/sanitize-html.js';
import { idPurpose } from './id/id-purpose.js';
import { textPurpose } from './text/text-purpose.js';
import { urlPurpose } from './url/url-purpose.js';
import { isPurposeKind, type PurposeKind } from '../vocabulary/purpose-kinds.js';
import { configurePurpose, type ConfiguredPurpose, type Purpose } from './purpose.js';

/** Contract-wide default options per purpose (a field's own options win). */
export type PurposeDefaults = Readonly<Partial<Record<PurposeKind, Readonly<Record<string, unknown>>>>>;

/**
 * The sanitizer of every purpose: the registry's other half beside `PURPOSE_TRAITS`. Typed against the
 * purpose kinds, so a kind without a sanitizer does not compile.
 */
export const PURPOSE_SANITIZERS = Object.freeze({
  id: idPurpose,
  enum: enumPurpose,
  text: textPurpose,
  url: urlPurpose,
  html: htmlPurpose,
} satisfies Readonly<Record<PurposeKind, Purpose<unknown>>>);

/**
 * The purpose of one string leaf. A leaf names it with `"x-purpose": "kind"` or `{ "kind": …, options }`;
 * a leaf limited to a fixed list (`enum`/`const`) is an `enum` without saying so. Anything else is refused.
 */
export function resolvePurpose(
  node: SchemaObject,
  location: string,
  defaults: PurposeDefaults,
): ConfiguredPurpose {
  const declared = node[PURPOSE_KEYWORD];
  let kind: unknown;
  let options: Readonly<Record<string, unknown>> = {};
  if (typeof declared === 'string') {
    kind = declared;
  } else if (isSchemaObject(declared)) {
    const { kind: declaredKind, ...rest } = declared;
    kind = declaredKind;
    options = rest;
  } else if (finiteValues(node) !== undefined) {
    kind = 'enum';
  } else {
    throw new ContractError(
      'contract.missing_purpose',
      location,
      `A string field needs "${PURPOSE_KEYWORD}"`,
    );
  }
  if (!isPurposeKind(kind)) {
    throw new ContractError('contract.invalid_purpose', location, PURPOSE_CHOICES);
  }
  const purpose: Purpose<unknown> = PURPOSE_SANITIZERS[kind];
  return configurePurpose(purpose, { node, options, defaults: defaults[kind], location });
}
