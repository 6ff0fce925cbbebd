// Where the fixtures shipped with Airlock live, from source (src/packs) or from a build (dist/src/packs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Candidate locations of the package's `fixtures/` folder, nearest first. */
const CANDIDATES = Object.freeze(['../../fixtures/', '../../../fixtures/']);

let found: string | null | undefined;

/**
 * The absolute path of the package's `fixtures/` folder (the one holding `packs/` and `contracts/`), or
 * `undefined` when this copy of Airlock ships without it.
 */
export function shippedFixturesDir(): string | undefined {
  if (found === undefined) {
    found =
      CANDIDATES.map((candidate) => fileURLToPath(new URL(candidate, import.meta.url))).find(
        (dir) => existsSync(`${dir}packs`) && existsSync(`${dir}contracts`),
      ) ?? null;
  }
  return found ?? undefined;
}

/** The absolute path of the shipped contracts folder, or `undefined` when there is none. */
export function shippedContractsDir(): string | undefined {
  const fixtures = shippedFixturesDir();
  return fixtures === undefined ? undefined : `${fixtures}contracts/`;
}
