// Regenerates the corpus JSON: `npx tsx test/secrets/regen/main.ts <gitleaks git> <detect-secrets git>`.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractDetectSecretsFile } from './detect-secrets.js';
import { extractGitleaksFile } from './gitleaks.js';
import { isPlaceholderSecret } from './placeholder.js';
import { seededRandom } from './sample-regex.js';
import { secretOfLine } from './secret-of-line.js';

const OUT = join(import.meta.dirname, '..', 'corpus');

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** Rules whose test strings carry no credential: a key file's type marker, and public IP addresses. */
const NOT_CREDENTIALS = new Set(['gcp-service-account', 'ip_public']);

/** A cookie rule matches `name=value`; the name is not part of the secret. */
function valueOnly(rule: string, secret: string): string {
  return /cookie|session/.test(rule) ? secret.replace(/^[A-Za-z_]+=(?=[^=]{8})/, '') : secret;
}

interface TruePositive {
  readonly source: string;
  readonly rule: string;
  readonly text: string;
  readonly secret: string;
}

function gitleaks(dir: string): {
  tps: TruePositive[];
  fps: { source: string; rule: string; text: string }[];
} {
  const commit = git(dir, 'rev-parse', 'HEAD').trim();
  const files = git(dir, 'ls-tree', '--name-only', 'HEAD', 'cmd/generate/config/rules/').split('\n');
  const random = seededRandom(20240517);
  const tps: TruePositive[] = [];
  const fps: { source: string; rule: string; text: string }[] = [];
  for (const file of files.filter((f) => f.endsWith('.go'))) {
    for (const rule of extractGitleaksFile(git(dir, 'show', `HEAD:${file}`), random)) {
      for (const sample of rule.tps.slice(0, 6)) {
        const found = sample.secret ?? secretOfLine(sample.text);
        const secret = found === null ? null : valueOnly(rule.rule, found);
        if (
          secret === null ||
          secret.length < 8 ||
          !sample.text.includes(secret) ||
          isPlaceholderSecret(secret)
        )
          continue;
        if (NOT_CREDENTIALS.has(rule.rule)) continue;
        const keyedText = `${(sample.identifier ?? rule.rule).replace(/\W/g, '_')}_api_token = "${secret}"`;
        const text = sample.identifier !== null && rule.keyed ? keyedText : sample.text;
        tps.push({ source: `gitleaks@${commit.slice(0, 12)}`, rule: rule.rule, text, secret });
      }
      for (const text of rule.fps)
        fps.push({ source: `gitleaks@${commit.slice(0, 12)}`, rule: rule.rule, text });
    }
  }
  return { tps, fps };
}

function detectSecrets(dir: string): {
  tps: TruePositive[];
  fps: { source: string; rule: string; text: string }[];
} {
  const commit = git(dir, 'rev-parse', 'HEAD').trim();
  const files = git(dir, 'ls-tree', '--name-only', 'HEAD', 'tests/plugins/').split('\n');
  const tps: TruePositive[] = [];
  const fps: { source: string; rule: string; text: string }[] = [];
  for (const file of files.filter((f) => f.endsWith('_test.py'))) {
    const plugin = file.replace(/^.*\//, '').replace(/_test\.py$/, '');
    for (const row of extractDetectSecretsFile(plugin, git(dir, 'show', `HEAD:${file}`))) {
      const source = `detect-secrets@${commit.slice(0, 12)}`;
      if (!row.flag) {
        fps.push({ source, rule: plugin, text: row.payload });
        continue;
      }
      const secret =
        plugin === 'basic_auth' ? (/:([^:@/]+)@/.exec(row.payload)?.[1] ?? null) : secretOfLine(row.payload);
      if (
        secret !== null &&
        secret.length >= 4 &&
        !isPlaceholderSecret(secret) &&
        !NOT_CREDENTIALS.has(plugin)
      )
        tps.push({ source, rule: plugin, text: row.payload, secret });
    }
  }
  return { tps, fps };
}

const [gitleaksDir, detectSecretsDir] = process.argv.slice(2);
if (gitleaksDir === undefined || detectSecretsDir === undefined)
  throw new Error('usage: main.ts <gitleaks> <detect-secrets>');
const a = gitleaks(gitleaksDir);
const b = detectSecrets(detectSecretsDir);
writeFileSync(join(OUT, 'true-positives.json'), `${JSON.stringify([...a.tps, ...b.tps], null, 1)}\n`);
writeFileSync(join(OUT, 'scanner-negatives.json'), `${JSON.stringify([...a.fps, ...b.fps], null, 1)}\n`);
console.log(`true positives: ${a.tps.length + b.tps.length}, negatives: ${a.fps.length + b.fps.length}`);
