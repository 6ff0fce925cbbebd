// The internal finding shape every rule emits before merging: a provider, a range and a rank.
import type { SecretProvider } from './types.js';

/** How sure a rule is: a provider shape beats a connection string, which beats a generic assignment. */
export const RANK = Object.freeze({ entropy: 0, generic: 1, url: 2, provider: 3 });

/** A raw finding from one rule, before overlapping findings are merged. */
export interface RawFinding {
  readonly provider: SecretProvider;
  readonly start: number;
  readonly end: number;
  readonly rank: number;
}

/** Where rules push their findings. */
export type FindingSink = RawFinding[];
