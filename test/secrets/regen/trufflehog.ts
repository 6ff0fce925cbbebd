// A local, unshipped check's data: trufflehog's detector pattern tests (AGPL-3.0, so never copied into the project).
// `npx tsx test/secrets/regen/trufflehog.ts <trufflehog git dir> <out.json>`, then run the tests with
// AIRLOCK_TRUFFLEHOG_CORPUS=<out.json> (test/secrets/trufflehog.test.ts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { statementEnd } from './gitleaks.js';
import { flatten, GoEvaluator, type Value } from './go-eval.js';
import { isMarkedPlaceholder } from './placeholder.js';
import { seededRandom } from './sample-regex.js';

/** One test case: its input, and the secrets the detector must find in it (none for a negative). */
interface Case {
  readonly rule: string;
  readonly text: string;
  readonly secrets: string[];
}

const ASSIGN = /^[ \t]*(?:const[ \t]+)?(\w+)[ \t]*(?::=|=)[ \t]*(?=["`]|fmt\.|\w+[ \t]*\+|strings\.)/gm;
const FIELD = /^[ \t]*(input|want)[ \t]*:[ \t]*/gm;

function evaluate(source: string, at: number, vars: Map<string, Value>): Value | undefined {
  const expr = source.slice(at, statementEnd(source, at)).replace(/,[ \t]*$/, '');
  try {
    return new GoEvaluator(seededRandom(1), vars).evaluate(expr);
  } catch {
    return undefined;
  }
}

/** The pattern-test cases of one detector test file. */
function casesOf(rule: string, source: string): Case[] {
  const vars = new Map<string, Value>();
  for (let m = ASSIGN.exec(source); m !== null; m = ASSIGN.exec(source)) {
    const value = evaluate(source, m.index + m[0].length, vars);
    if (value !== undefined) vars.set(m[1] ?? '', value);
  }
  const cases: Case[] = [];
  let input: string | undefined;
  for (let m = FIELD.exec(source); m !== null; m = FIELD.exec(source)) {
    const value = evaluate(source, m.index + m[0].length, vars);
    if (m[1] === 'input') input = typeof value === 'string' ? value : undefined;
    else if (input !== undefined && value !== undefined) {
      const text = input;
      let want: string[];
      try {
        want = flatten(value).map((sample) => sample.text);
      } catch {
        continue;
      }
      cases.push({
        rule,
        text,
        secrets: want.filter((secret) => secret.length >= 8 && text.includes(secret)),
      });
      input = undefined;
    }
  }
  return cases;
}

const [dir, out] = process.argv.slice(2);
if (dir === undefined || out === undefined)
  throw new Error('usage: trufflehog.ts <trufflehog git dir> <out.json>');
const git = (...args: string[]): string =>
  execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = git('rev-parse', 'HEAD').trim();
const files = git('ls-tree', '-r', '--name-only', 'HEAD', 'pkg/detectors/')
  .split('\n')
  .filter((file) => file.endsWith('_test.go') && !file.endsWith('_integration_test.go'));
const positives: { source: string; rule: string; text: string; secret: string; placeholder: boolean }[] = [];
const negatives: { source: string; rule: string; text: string }[] = [];
for (const file of files) {
  const rule = file.split('/')[2] ?? file;
  for (const item of casesOf(rule, git('show', `HEAD:${file}`))) {
    const source = `trufflehog@${commit.slice(0, 12)}`;
    if (item.secrets.length === 0) negatives.push({ source, rule, text: item.text });
    for (const secret of item.secrets)
      positives.push({ source, rule, text: item.text, secret, placeholder: isMarkedPlaceholder(secret) });
  }
}
writeFileSync(out, `${JSON.stringify({ positives, negatives }, null, 1)}\n`);
console.log(
  `trufflehog@${commit.slice(0, 12)}: ${files.length} files, ${positives.length} positives, ${negatives.length} negatives`,
);
