// Runs the secretlint recommended preset's scanner rules synchronously on a text window, without its engine.
import { createRequire } from 'node:module';
import type { rules as PresetRules } from '@secretlint/secretlint-rule-preset-recommend';
import type {
  SecretLintRuleContext,
  SecretLintRuleReportDescriptor,
  SecretLintRuleReportHandler,
  SecretLintSourceCode,
} from '@secretlint/types';
import { RANK, type FindingSink } from './finding.js';
import { isWordIdentifier } from './code-shapes.js';
import { isPlaceholder } from './placeholders.js';
import type { SecretProvider } from './types.js';
import { narrowToPassword } from './url-credentials.js';

/** Preset rule ids mapped to providers; rules absent here (comment filters, file-type rules, and Slack, whose
 * token grammars in providers.ts are stricter) are not run. */
const PROVIDER_OF_RULE: Readonly<Record<string, SecretProvider>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, SecretProvider>, {
    '@secretlint/secretlint-rule-aws': 'aws',
    '@secretlint/secretlint-rule-npm': 'npm',
    '@secretlint/secretlint-rule-basicauth': 'basic-auth',
    '@secretlint/secretlint-rule-openai': 'openai',
    '@secretlint/secretlint-rule-anthropic': 'anthropic',
    '@secretlint/secretlint-rule-linear': 'linear',
    '@secretlint/secretlint-rule-privatekey': 'private-key',
    '@secretlint/secretlint-rule-sendgrid': 'sendgrid',
    '@secretlint/secretlint-rule-shopify': 'shopify',
    '@secretlint/secretlint-rule-github': 'github',
    '@secretlint/secretlint-rule-1password': '1password',
    '@secretlint/secretlint-rule-database-connection-string': 'connection-string',
  }),
);

/** Report-message ids whose finding is a credential-bearing URL, narrowed to its password. */
const URL_MESSAGES = new Set(['BasicAuth', 'MongoDBConnection', 'MySQLConnection', 'PostgreSQLConnection']);
const VALUE_KEYS = Object.freeze(['KEY', 'TOKEN', 'ID', 'URI', 'URL', 'CREDENTIAL']);

interface ActiveRule {
  readonly provider: SecretProvider;
  readonly handler: SecretLintRuleReportHandler;
}

let current: {
  text: string;
  window: string;
  offset: number;
  sink: FindingSink;
  provider: SecretProvider;
} | null = null;

function reportedValue(descriptor: SecretLintRuleReportDescriptor): string | undefined {
  const data: unknown = descriptor.message.data;
  if (typeof data !== 'object' || data === null) return undefined;
  for (const key of VALUE_KEYS) {
    const value: unknown = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

function onReport(descriptor: SecretLintRuleReportDescriptor): void {
  if (current === null) return;
  const { window, offset, sink, provider, text } = current;
  let [start, end] = descriptor.range;
  const reported = reportedValue(descriptor);
  if (reported !== undefined) {
    const at = window.indexOf(reported, start);
    if (at >= 0 && at <= end) [start, end] = [at, at + reported.length];
  }
  const messageId = descriptor.message.messageId;
  const value = window.slice(start, end);
  // A name of words (`AuthConfig.SecretAccessKey`'s type) has the length of a key but none of its randomness.
  if (provider !== 'private-key' && end - start <= 100 && (isPlaceholder(value) || isWordIdentifier(value)))
    return;
  if (URL_MESSAGES.has(messageId)) {
    const narrowed = narrowToPassword(text, offset + start, offset + end);
    if (narrowed === null) return;
    sink.push({ provider, start: narrowed.start, end: narrowed.end, rank: RANK.url });
    return;
  }
  sink.push({ provider, start: offset + start, end: offset + end, rank: RANK.provider });
}

const context: SecretLintRuleContext = {
  sharedOptions: {},
  createTranslator: () => (messageId, props) => ({
    message: String(messageId),
    messageId: String(messageId),
    data: props,
  }),
  report: onReport,
  ignore: () => undefined,
};

let active: readonly ActiveRule[] | null = null;

/**
 * The preset's rules, loaded on first use: the preset is large (about 100 ms to load), and text without a
 * candidate window never needs it. `require` of the preset (an ES module without top-level await) keeps
 * detection synchronous.
 */
function presetRules(): typeof PresetRules {
  const load = createRequire(import.meta.url);
  return (load('@secretlint/secretlint-rule-preset-recommend') as { rules: typeof PresetRules }).rules;
}

function activeRules(): readonly ActiveRule[] {
  if (active !== null) return active;
  const built: ActiveRule[] = [];
  for (const creator of presetRules()) {
    const provider = PROVIDER_OF_RULE[creator.meta.id];
    if (provider === undefined) continue;
    const options = { allows: [], enableIDScanRule: true };
    built.push(Object.freeze({ provider, handler: creator.create(context, options) }));
  }
  active = Object.freeze(built);
  return active;
}

function sourceOf(content: string): SecretLintSourceCode {
  const unsupported = (): never => {
    throw new Error('secret detector: source positions are not supported');
  };
  return {
    hasBOM: false,
    content,
    filePath: undefined,
    physicalFilePath: undefined,
    contentType: 'text',
    ext: '',
    getFilePath: () => undefined,
    getPhysicalFilePath: () => undefined,
    locationToRange: unsupported,
    rangeToLocation: unsupported,
    positionToIndex: unsupported,
    indexToPosition: unsupported,
  };
}

/** Runs every mapped preset rule over `text[from, to)` and pushes findings with offsets into `text`. */
export function scanSecretlint(text: string, from: number, to: number, sink: FindingSink): void {
  const window = text.slice(from, to);
  const source = sourceOf(window);
  for (const rule of activeRules()) {
    current = { text, window, offset: from, sink, provider: rule.provider };
    try {
      const pending = rule.handler.file?.(source);
      if (pending instanceof Promise) pending.catch(() => undefined);
    } catch {
      // A rule that fails on odd content finds nothing there; the other rules still run.
    } finally {
      current = null;
    }
  }
}
