// Neutralises untrusted text for a prompt: forged boundaries, guessed nonces, chat-template tokens, turn markers.
import type { Finding } from '../../src/vocabulary/finding.js';
import { findForgeries } from './detect.js';
import type { Forgery } from './detect.js';
import { foldText, originalRange } from './fold.js';

/** Neutralised text and what was changed (codes and counts only). */
export interface Neutralised {
  readonly text: string;
  readonly findings: readonly Finding[];
}

/**
 * Rounds of defusing before nested delimiters are flattened. One round defuses every forgery it finds, but a
 * forgery can hide inside another (`<|<|im_start|>|>`): the inner one is defused first and the outer one the
 * round after. Each round removes at least one `<`, `[`, line-opening role word or nonce and adds none, so the
 * loop ends; the cap keeps deeply nested input linear.
 */
const MAX_ROUNDS = 8;

/** What to put in place of a delimiter look-alike when nesting was too deep to defuse token by token. */
const FLATTENED = '\uFFFD';

/**
 * Neutralises `content` so that no boundary, nonce, chat-template token or turn marker survives in any form the
 * fold recognises (case, width, confusables, invisibles, entities, escapes). Lone surrogates become U+FFFD so
 * the text is well formed in every encoding. Never throws on content.
 */
export function neutralise(content: string, nonce?: string): Neutralised {
  let text = content.replace(/\p{Cs}/gu, '\uFFFD');
  const tally = new Map<string, { code: string; family?: string; count: number }>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const forgeries = findForgeries(text, nonce);
    if (forgeries.length === 0) return { text, findings: toFindings(tally) };
    for (const forgery of forgeries) count(tally, forgery);
    text = replaceRanges(text, forgeries);
  }
  const flattened = flattenDelimiters(text);
  const last = findForgeries(flattened.text, nonce);
  for (const forgery of last) count(tally, forgery);
  tally.set('nested', { code: 'prompt.nested_delimiters', count: flattened.count });
  return { text: replaceRanges(flattened.text, last), findings: toFindings(tally) };
}

function count(tally: Map<string, { code: string; family?: string; count: number }>, forgery: Forgery): void {
  const family = forgery.kind === 'chat_token' ? (forgery.family ?? 'generic') : undefined;
  const key = family === undefined ? forgery.kind : `${forgery.kind}:${family}`;
  const entry = tally.get(key);
  if (entry !== undefined) entry.count++;
  else
    tally.set(key, { code: `prompt.${forgery.kind}`, count: 1, ...(family === undefined ? {} : { family }) });
}

function toFindings(
  tally: Map<string, { code: string; family?: string; count: number }>,
): readonly Finding[] {
  return [...tally.values()].map(({ code, family, count: hits }) => ({
    code,
    pointer: '',
    count: hits,
    action: 'cleaned' as const,
    ...(family === undefined ? {} : { detail: { family } }),
  }));
}

/** A range of the original text and what replaces it. */
interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

function replaceRanges(text: string, replacements: readonly Replacement[]): string {
  let out = '';
  let at = 0;
  for (const { start, end, replacement } of replacements) {
    out += text.slice(at, start) + replacement;
    at = end;
  }
  return out + text.slice(at);
}

/** Replaces every character (or encoded form) whose fold holds `<` or `[` with U+FFFD, in one pass. */
function flattenDelimiters(text: string): { text: string; count: number } {
  const folded = foldText(text);
  const ranges: Replacement[] = [];
  for (let k = 0; k < folded.text.length; k++) {
    const char = folded.text[k];
    if (char !== '<' && char !== '[') continue;
    const range = originalRange(folded, k, k + 1);
    if (ranges.at(-1)?.start !== range.start) ranges.push({ ...range, replacement: FLATTENED });
  }
  return { text: replaceRanges(text, ranges), count: ranges.length };
}
