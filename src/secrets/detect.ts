// The secret detector: prefilter windows, every rule family on each window and on its decoded forms, then merge.
import { scanAssignments } from './assignments.js';
import { scanAuthHeaders, scanCurlUser, scanUserPasswordFlags } from './auth-headers.js';
import { scanDecoded } from './encoded.js';
import { scanEntropyTokens } from './entropy-tokens.js';
import { RANK, type FindingSink, type RawFinding } from './finding.js';
import { scanLabelledValues } from './labelled-values.js';
import { scanKubernetesSecrets, scanProviderKeys } from './named-values.js';
import { scanPatterns } from './pattern-rules.js';
import { scanPem } from './pem.js';
import { candidateWindows } from './prefilter.js';
import { scanSecretlint } from './secretlint-rules.js';
import { scanPrefixTokens } from './token-rules.js';
import { withPlaceholdersCounted } from './placeholders.js';
import type { DetectSecretsOptions, SecretMatch } from './types.js';
import { scanBarePairs, scanUrlCredentials } from './url-credentials.js';

const MAX_DEPTH = 2;

type Scanner = (text: string, from: number, to: number, sink: FindingSink) => void;

/** Every rule family, in a fixed order (the result does not depend on it: findings are merged by range). */
const SCANNERS: readonly Scanner[] = Object.freeze([
  scanSecretlint,
  scanPrefixTokens,
  scanPatterns,
  scanPem,
  scanUrlCredentials,
  scanBarePairs,
  scanAuthHeaders,
  scanCurlUser,
  scanUserPasswordFlags,
  scanAssignments,
  scanLabelledValues,
  scanProviderKeys,
  scanKubernetesSecrets,
  scanEntropyTokens,
]);

function scanWindow(text: string, from: number, to: number, sink: FindingSink, depth: number): void {
  for (const scanner of SCANNERS) {
    try {
      scanner(text, from, to, sink);
    } catch {
      // A rule that fails on odd content finds nothing there; the other rules still run.
    }
  }
  if (depth < MAX_DEPTH) scanDecoded(text, from, to, sink, depth, scanDecodedView);
}

function scanDecodedView(text: string, from: number, to: number, sink: FindingSink, depth: number): void {
  for (const [start, end] of candidateWindows(text.slice(from, to)))
    scanWindow(text, from + start, from + end, sink, depth);
}

/** Merges overlapping findings into one range each, named by the most specific rule among them. */
export function mergeFindings(found: readonly RawFinding[]): SecretMatch[] {
  const sorted = found.filter((f) => f.end > f.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretMatch[] = [];
  let current: RawFinding | undefined;
  for (const finding of sorted) {
    if (current !== undefined && finding.start < current.end) {
      const best = finding.rank > current.rank ? finding : current;
      current = {
        provider: best.provider,
        start: current.start,
        end: Math.max(current.end, finding.end),
        rank: best.rank,
      };
      continue;
    }
    if (current !== undefined)
      merged.push(Object.freeze({ provider: current.provider, start: current.start, end: current.end }));
    current = finding;
  }
  if (current !== undefined)
    merged.push(Object.freeze({ provider: current.provider, start: current.start, end: current.end }));
  return merged;
}

/**
 * Finds every secret in `text`: provider tokens, private keys, credentials in URLs, headers and assignments,
 * and their percent-, JSON- and base64-encoded forms. Placeholders are left alone unless `options.placeholders`
 * is `redact`. Deterministic; never throws on content.
 * @returns The secrets' ranges in order, without overlaps; never their values.
 */
export function detectSecrets(text: string, options?: DetectSecretsOptions): readonly SecretMatch[] {
  if (options?.placeholders === 'redact') return withPlaceholdersCounted(() => detectAll(text));
  return detectAll(text);
}

function detectAll(text: string): readonly SecretMatch[] {
  if (typeof text !== 'string' || text.length === 0) return NO_MATCHES;
  const windows = candidateWindows(text);
  if (windows.length === 0) return NO_MATCHES;
  const sink: RawFinding[] = [];
  for (const [from, to] of windows) scanWindow(text, from, to, sink, 0);
  return Object.freeze(mergeFindings(withRepeats(text, mergeFindings(sink))));
}

/** The shortest secret whose other occurrences are redacted too (shorter ones could be ordinary words). */
const MIN_REPEATED = 8;

/**
 * The findings and every other occurrence of their secrets in the text: a secret found where its context named
 * it is no less a secret where the same text repeats it (`token = 'x' | 'x'`, a log that echoes it).
 */
function withRepeats(text: string, found: readonly SecretMatch[]): RawFinding[] {
  const all: RawFinding[] = found.map((match) => ({ ...match, rank: RANK.generic }));
  const values = new Set<string>();
  for (const match of found) {
    const value = text.slice(match.start, match.end);
    if (value.length < MIN_REPEATED || values.has(value)) continue;
    values.add(value);
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length))
      all.push({ provider: match.provider, start: at, end: at + value.length, rank: RANK.generic });
  }
  return all;
}

/** The answer for text without a candidate window (most prose): frozen, shared. */
const NO_MATCHES: readonly SecretMatch[] = Object.freeze([]);
