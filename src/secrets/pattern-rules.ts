// Provider shapes without a leading literal prefix (JWT, Telegram, Azure, ...): a trigger literal, then a regex.
import { isBase64Json } from './checks.js';
import { RANK, type FindingSink } from './finding.js';
import { shannonEntropy } from './plausible.js';
import { isPlaceholder } from './placeholders.js';
import type { SecretProvider } from './types.js';

/** One pattern rule: every match (or its `secret` group) is a credential when `valid` accepts it. */
interface PatternRule {
  readonly provider: SecretProvider;
  readonly trigger: string;
  readonly pattern: RegExp;
  readonly valid?: (match: string) => boolean;
}

function decodedText(segment: string): string {
  return Buffer.from(segment.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
}

/** True when a base64url segment decodes to text that opens a JSON object (`{"`), even if damaged later. */
function opensJson(segment: string): boolean {
  return decodedText(segment.slice(0, 8)).startsWith('{"');
}

/** A JWT: a JSON header and payload; or, with a signature part, two long `ey` segments whose header opens JSON or
 * that mix letter cases and digits like encoded binary (a token whose JSON was garbled is still a token). */
function jwtValid(token: string): boolean {
  const [header = '', payload = '', signature] = token.split('.');
  if (header.length < 10 || payload.length < 10) return false;
  if (isBase64Json(header) && (isBase64Json(payload) || /^e[wy]/.test(payload))) return true;
  if (signature === undefined || header.length < 17 || payload.length < 17) return false;
  if (opensJson(header)) return /"(?:alg|typ|kid)"/.test(decodedText(header)) && opensJson(payload);
  return /[0-9]/.test(header + payload) && /[A-Z]/.test(header.slice(2)) && /[a-z]/.test(header.slice(2));
}

/** A Discord bot token: the base64 user id, a six-character timestamp and a long random HMAC part. */
function discordValid(token: string): boolean {
  const hmac = token.slice(token.lastIndexOf('.') + 1);
  return /[0-9]/.test(hmac) && /[A-Z]/.test(hmac) && /[a-z]/.test(hmac) && shannonEntropy(hmac) >= 3.5;
}

const B64URL = 'A-Za-z0-9_-';

/** The pattern rule table, frozen. Patterns use bounded quantifiers and unambiguous classes (linear time). */
export const PATTERN_RULES: readonly PatternRule[] = Object.freeze([
  {
    provider: 'jwt',
    trigger: 'ey',
    pattern: new RegExp(
      `(?<![${B64URL}])(?<secret>e[wy][${B64URL}]{8,8192}\\.e[wy][/\\\\${B64URL}]{8,65536}(?:\\.[A-Za-z0-9_+/\\\\-]{0,8192}={0,2})?)`,
      'g',
    ),
    valid: jwtValid,
  },
  {
    provider: 'discord',
    trigger: '.',
    pattern:
      /(?<![\w.-])(?<secret>[A-Za-z0-9_-]{0,2}[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38})(?![\w-])/g,
    valid: discordValid,
  },
  {
    provider: 'microsoft',
    trigger: '.office.com/webhook',
    pattern:
      /(?<secret>https:\/\/[\w.-]{1,80}\.office\.com\/webhook(?:b2)?\/[\w-]{36}@[\w-]{36}\/IncomingWebhook\/[\w]{32}\/[\w-]{36})/gi,
  },
  {
    provider: 'telegram',
    trigger: ':A',
    pattern: /(?<![\w:])(?<secret>\d{5,16}:A[A-Za-z0-9_-]{32,36})(?![A-Za-z0-9_-])/g,
  },
  { provider: 'mailchimp', trigger: '-us', pattern: /(?<![\w-])(?<secret>[0-9a-f]{32}-us\d{1,2})(?!\w)/g },
  {
    provider: 'maxmind',
    trigger: '_mmk',
    pattern: /(?<!\w)(?<secret>[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk)(?!\w)/g,
  },
  {
    provider: 'azure',
    trigger: 'Q~',
    pattern: /(?<![\w~.-])(?<secret>[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})(?![\w~.-])/g,
  },
  {
    provider: 'hashicorp',
    trigger: 'atlasv1',
    pattern: /(?<!\w)(?<secret>[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})(?![\w=-])/g,
  },
  {
    provider: 'azure',
    trigger: 'Key=',
    pattern: /(?:Account|SharedAccess|Storage)Key[ \t]*=[ \t]*(?<secret>[A-Za-z0-9+/]{20,200}={0,2})/gi,
  },
  {
    provider: 'azure',
    trigger: 'sig=',
    pattern: /[?&;]sig=(?<secret>[A-Za-z0-9%+/_-]{20,200}(?:%3D|=){0,2})/gi,
  },
  {
    provider: 'azure',
    trigger: 'AZDO',
    pattern: /(?<![A-Za-z0-9])(?<secret>[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4})(?![A-Za-z0-9])/g,
  },
  {
    provider: 'newrelic',
    trigger: 'NRAL',
    pattern: /(?<![A-Za-z0-9])(?<secret>[a-z0-9]{6}[a-f0-9]{30}NRAL)(?![A-Za-z0-9])/gi,
  },
  {
    provider: 'salesforce',
    trigger: '!',
    pattern: /(?<![A-Za-z0-9])(?<secret>00[A-Za-z0-9]{13}![A-Za-z0-9._]{80,120})(?![A-Za-z0-9._])/g,
  },
  {
    provider: 'hashicorp',
    trigger: 'unseal',
    pattern:
      /(?:Unseal Key \d{1,2}:|operator unseal)[ \t]+(?<secret>[A-Za-z0-9+/]{43,44}=?)(?![A-Za-z0-9+/=])/gi,
  },
  {
    provider: 'thingsboard',
    trigger: 'thingsboard',
    pattern: /thingsboard\.cloud\/api\/v1\/(?<secret>[A-Za-z0-9]{20})(?=\/)/gi,
  },
  {
    provider: 'facebook',
    trigger: '|',
    pattern: /(?<!\w)(?<secret>\d{15,16}(?:\||%7C)[0-9a-zA-Z_-]{27,40})(?![\w-])/g,
  },
]);

/** Literal triggers of every pattern rule, for the prefilter. */
export const PATTERN_TRIGGERS: readonly string[] = Object.freeze([
  ...new Set(PATTERN_RULES.map((rule) => rule.trigger)),
]);

/** Runs every pattern rule whose trigger occurs in `text[from, to)`. */
export function scanPatterns(text: string, from: number, to: number, sink: FindingSink): void {
  const window = text.slice(from, to);
  const lower = window.toLowerCase();
  for (const rule of PATTERN_RULES) {
    if (!lower.includes(rule.trigger.toLowerCase())) continue;
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(window); m !== null; m = rule.pattern.exec(window)) {
      const secret = m.groups?.['secret'] ?? m[0];
      const start = m.index + m[0].lastIndexOf(secret);
      if (rule.valid !== undefined && !rule.valid(secret)) continue;
      if (secret.length <= 100 && isPlaceholder(secret)) continue;
      sink.push({
        provider: rule.provider,
        start: from + start,
        end: from + start + secret.length,
        rank: RANK.provider,
      });
    }
  }
}
