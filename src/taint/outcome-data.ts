// Marks the prose of accepted data untrusted: every text and html string becomes an Untrusted<string> of the tool.
import { purposesWith, type PurposeKind } from '../vocabulary/purpose-kinds.js';
import { SOURCE_PATTERN } from './source.js';
import { untrustedOf, type Untrusted } from './untrusted.js';

/**
 * JSON as an accepted outcome holds it when its contract states no type: a `text` or `html` string arrives as an
 * `Untrusted<string>` (whose JSON is the string), every other value as JSON.
 */
export type OutcomeJson =
  null | boolean | number | string | Untrusted<string> | OutcomeJson[] | { [name: string]: OutcomeJson };

/** The purposes whose values reach application code untrusted: prose and markup from the tool's source. */
export const UNTRUSTED_PURPOSES: readonly PurposeKind[] = purposesWith('untrusted');

/** The source label when a tool name is not a valid source label on its own. */
const FALLBACK_SOURCE = 'tool';

/** The source label of a tool's untrusted values: its name, or `tool` when the name is not a valid label. */
function sourceOf(tool: string): string {
  return SOURCE_PATTERN.test(tool) ? tool : FALLBACK_SOURCE;
}

/**
 * How the gate places each projected string that has a purpose: a `text` or `html` string becomes an
 * `Untrusted<string>` whose source is the tool's name (`tool` when the name is not a valid source label); an
 * id, enum or URL stays the plain string. Each wrapper's JSON is its string, so the outcome's JSON is unchanged.
 */
export function untrustedPlacer(tool: string): (value: string, kind: PurposeKind) => unknown {
  const wrap = untrustedOf(sourceOf(tool));
  return (value, kind) => (UNTRUSTED_PURPOSES.includes(kind) ? wrap(value) : value);
}
