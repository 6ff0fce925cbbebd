// Resolves each string leaf of a contract to its configured purpose: explicit `x-purpose`, or an implied enum.
import { ContractError } from '../schema/contract-error.js';
import { PURPOSE_KEYWORD } from '../schema/purpose-keyword.js';
import { finiteValues, isSchemaObject, type SchemaObject } from '../schema/subschemas.js';
import { enumPurpose } from './enum.js';
import { htmlPurpose } from './html.js';
import { idPurpose } from './id.js';
import { textPurpose } from './text-purpose.js';
import { urlPurpose } from './url.js';
import type { PurposeKind } from './kinds.js';
import { configurePurpose, type ConfiguredPurpose, type PurposeSite } from './purpose.js';

/** Contract-wide default options per purpose (a field's own options win). */
export type PurposeDefaults = Readonly<Partial<Record<PurposeKind, Readonly<Record<string, unknown>>>>>;

const FACTORIES: Readonly<Record<PurposeKind, ((site: PurposeSite) => ConfiguredPurpose) | undefined>> =
  Object.freeze({
    id: (site) => configurePurpose(idPurpose, site),
    enum: (site) => configurePurpose(enumPurpose, site),
    text: (site) => configurePurpose(textPurpose, site),
    url: (site) => configurePurpose(urlPurpose, site),
    html: (site) => configurePurpose(htmlPurpose, site),
  });

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
  let kind: PurposeKind;
  let options: Readonly<Record<string, unknown>> = {};
  if (typeof declared === 'string') {
    kind = declared as PurposeKind;
  } else if (isSchemaObject(declared)) {
    const { kind: declaredKind, ...rest } = declared;
    kind = declaredKind as PurposeKind;
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
  const factory = FACTORIES[kind];
  if (factory === undefined) {
    throw new ContractError('contract.invalid_purpose', location, `The "${kind}" purpose is not available`);
  }
  return factory({ node, options, defaults: defaults[kind], location });
}
