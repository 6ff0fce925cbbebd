// Extracts the examples and negative examples of YAML secret rules (Nosey Parker and Kingfisher rule files).
import { createRequire } from 'node:module';
import type { OutsideNegative, OutsidePositive } from '../outside-harness.js';
import { isMarkedPlaceholder, isPlaceholderSecret } from './placeholder.js';
import { capturedSecret, toJsRegExp } from './rust-regex.js';
import { seededRandom } from './sample-regex.js';
import { secretOfLine } from './secret-of-line.js';

/** js-yaml, which the lint tooling installs: the regeneration needs it, the tests never do. */
const yaml = createRequire(import.meta.url)('js-yaml') as { load(source: string): unknown };

/** One rule as written in a rule file. */
interface RuleEntry {
  readonly id?: unknown;
  readonly name?: unknown;
  readonly pattern?: unknown;
  readonly examples?: unknown;
  readonly negative_examples?: unknown;
  readonly non_examples?: unknown;
  readonly categories?: unknown;
  readonly visible?: unknown;
}

/** A compiled rule with its examples. */
export interface CompiledRule {
  readonly id: string;
  readonly regex: RegExp | null;
  readonly secretRule: boolean;
  readonly examples: readonly string[];
  readonly negatives: readonly string[];
}

/** Categories of values that are no credential: identifiers (bucket names, ARNs) and password hashes. */
const NOT_SECRET_CATEGORIES = new Set(['identifier', 'hashed', 'hash']);
/** Rule names of values that are not credentials on their own: ids, user names, hosts, public keys. */
const NOT_SECRET_NAME =
  /\b(?:id|identifier|user ?name|user|e-?mail|account name|url|domain|host(?:name)?|endpoint|region|org(?:ani[sz]ation)?|tenant|project|cloud name|instance|subdomain|recipient|public key)\)?$/i;
/** Names of rules for values that are no credential: hashes, dictionary passwords, bucket names, ARNs. */
const NOT_SECRET_KIND = /\bhash\b|weak password|bucket|\barn\b|public key|recipient/i;
/** Words that make a rule a credential rule whatever else its name says. */
const SECRET_NAME = /key|secret|token|password|credential|webhook/i;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** True when a rule describes a credential, not an identifier, a host or a password hash. */
function isSecretRule(rule: RuleEntry, scanner: string): boolean {
  if (rule.visible === false) return false;
  // Kingfisher files credentials under `identifier` too (its GitHub tokens): only Nosey Parker's categories count.
  const categories = scanner === 'noseyparker' ? strings(rule.categories) : [];
  if (categories.some((category) => NOT_SECRET_CATEGORIES.has(category))) return false;
  const name = typeof rule.name === 'string' ? rule.name : '';
  if (NOT_SECRET_KIND.test(name)) return false;
  return !NOT_SECRET_NAME.test(name) || SECRET_NAME.test(name);
}

/** Parses one rule file into compiled rules. */
export function compileRuleFile(source: string, scanner: string): CompiledRule[] {
  const doc = yaml.load(source) as { rules?: RuleEntry[] } | undefined;
  return (doc?.rules ?? []).map((rule) => ({
    id: typeof rule.id === 'string' ? rule.id : 'unknown',
    regex: typeof rule.pattern === 'string' ? toJsRegExp(rule.pattern) : null,
    secretRule: isSecretRule(rule, scanner),
    examples: strings(rule.examples),
    negatives: [...strings(rule.negative_examples), ...strings(rule.non_examples)],
  }));
}

/** The password of a `scheme://user:password@host` match (the last `@` ends it), or null. */
function urlPassword(match: string): string | null {
  const userinfo = /[a-z][a-z0-9+.-]*:\/\/([^\s/?#]*)@/i.exec(match)?.[1];
  const colon = userinfo?.indexOf(':') ?? -1;
  return userinfo === undefined || colon < 0 ? null : userinfo.slice(colon + 1);
}

/** The secret a rule's pattern captures in a line (a URL's password when it matched one), or null. */
export function ruleSecret(regex: RegExp | null, line: string): string | null {
  if (regex === null) return null;
  regex.lastIndex = 0;
  const m = regex.exec(line);
  if (m === null) return null;
  const secret = urlPassword(m[0]) ?? capturedSecret(m);
  // A whole connection string was captured: its credential is the password in it.
  const password = /(?:^|;)\s*(?:password|pwd)\s*=\s*([^;"'\s]+)/i.exec(secret)?.[1];
  return (password ?? secret).replace(/^[\s_.:=-]+|\s+$/g, '');
}

function shuffled(value: string, random: () => number): string {
  const chars = Array.from(value);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** True when the rule finds the secret standing alone, and finds none of five reshuffles of its characters. */
function selfIdentifying(regex: RegExp | null, secret: string): boolean {
  if (ruleSecret(regex, secret) !== secret) return false;
  const random = seededRandom(secret.length * 7919 + secret.charCodeAt(0));
  for (let i = 0; i < 5; i++) if (ruleSecret(regex, shuffled(secret, random)) !== null) return false;
  return true;
}

/** The positives of a scanner's rules: each example with its secret, placeholders and non-credentials left out. */
export function positivesOf(source: string, rules: readonly CompiledRule[]): OutsidePositive[] {
  const out: OutsidePositive[] = [];
  for (const rule of rules) {
    if (!rule.secretRule) continue;
    for (const example of rule.examples) {
      const text = example.replace(/\n$/, '');
      // An example the rule's own pattern does not match (a few multi-line ones) has no known secret.
      const secret = rule.regex === null ? secretOfLine(text) : ruleSecret(rule.regex, text);
      if (secret === null || secret.length < 8 || !text.includes(secret) || isPlaceholderSecret(secret))
        continue;
      const self = selfIdentifying(rule.regex, secret);
      out.push({ source, rule: rule.id, text, secret, self, placeholder: isMarkedPlaceholder(secret) });
    }
  }
  return out;
}

/** The negatives of a scanner's rules: lines that no rule of either scanner (`judges`) finds a secret in. */
export function negativesOf(
  source: string,
  rules: readonly CompiledRule[],
  judges: readonly CompiledRule[],
): OutsideNegative[] {
  const out: OutsideNegative[] = [];
  for (const rule of rules) {
    for (const negative of rule.negatives) {
      const text = negative.replace(/\n$/, '');
      const flagged = judges.some((other) => {
        const secret = other.secretRule ? ruleSecret(other.regex, text) : null;
        return secret !== null && secret.length >= 8 && !isPlaceholderSecret(secret);
      });
      if (!flagged) out.push({ source, rule: rule.id, text });
    }
  }
  return out;
}
