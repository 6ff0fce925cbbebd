// Regenerates the outside corpus: `npx tsx test/secrets/regen/outside.ts <noseyparker git> <kingfisher git>`.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutsideNegative, OutsidePositive } from '../outside-harness.js';
import { REVIEWED_NEGATIVES, REVIEWED_PUBLIC_RULES } from './reviewed-negatives.js';
import { compileRuleFile, negativesOf, positivesOf, type CompiledRule } from './rule-files.js';

const OUT = join(import.meta.dirname, '..', 'outside');

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** One scanner's snapshot: its name and commit, and every rule of its YAML rule files. */
interface Scanner {
  readonly source: string;
  readonly rules: readonly CompiledRule[];
}

function scannerAt(name: string, dir: string, folder: string): Scanner {
  const commit = git(dir, 'rev-parse', 'HEAD').trim();
  const files = git(dir, 'ls-tree', '--name-only', 'HEAD', `${folder}/`)
    .split('\n')
    .filter((file) => file.endsWith('.yml') || file.endsWith('.yaml'));
  const rules = files.flatMap((file) => compileRuleFile(git(dir, 'show', `HEAD:${file}`), name));
  return { source: `${name}@${commit.slice(0, 12)}`, rules };
}

/** Each text once, first come first kept. */
function once<T extends { readonly text: string }>(items: readonly T[], seen: Set<string>): T[] {
  return items.filter((item) => {
    const fresh = !seen.has(item.text);
    seen.add(item.text);
    return fresh;
  });
}

const [noseyParkerDir, kingfisherDir] = process.argv.slice(2);
if (noseyParkerDir === undefined || kingfisherDir === undefined)
  throw new Error('usage: outside.ts <noseyparker git> <kingfisher git>');
const scanners = [
  scannerAt('noseyparker', noseyParkerDir, 'crates/noseyparker/data/default/builtin/rules'),
  scannerAt('kingfisher', kingfisherDir, 'data/rules'),
];
const judges = scanners.flatMap((scanner) => scanner.rules);
const seen = new Set<string>();
const positives: OutsidePositive[] = once(
  scanners.flatMap((scanner) => positivesOf(scanner.source, scanner.rules)),
  seen,
).filter((item) => !REVIEWED_PUBLIC_RULES.some((reviewed) => reviewed.holds === item.rule));
// A line either scanner gives as a positive, or that holds one of their secrets, is no negative; nor is a line
// a reviewer found a credential in (reviewed-negatives.ts says which and why).
const secrets = positives.map((item) => item.secret);
const negatives: OutsideNegative[] = once(
  scanners.flatMap((scanner) => negativesOf(scanner.source, scanner.rules, judges)),
  seen,
).filter(
  (item) =>
    !secrets.some((secret) => item.text.includes(secret)) &&
    !REVIEWED_NEGATIVES.some((reviewed) => item.text.includes(reviewed.holds)),
);
for (const scanner of scanners) {
  const count = (items: readonly { source: string }[]): number =>
    items.filter((item) => item.source === scanner.source).length;
  console.log(
    `${scanner.source}: ${scanner.rules.length} rules, ${count(positives)} positives, ${count(negatives)} negatives`,
  );
}
writeFileSync(join(OUT, 'positives.json'), `${JSON.stringify(positives, null, 1)}\n`);
writeFileSync(join(OUT, 'negatives.json'), `${JSON.stringify(negatives, null, 1)}\n`);
