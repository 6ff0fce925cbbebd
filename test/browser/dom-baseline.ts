// The browser renderer's output before Trusted Types, as digests per input: what "byte-identical" is checked against.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';
import { asJson } from '../support/as-json.js';

/**
 * The recorded file. It was made by running this test with `AIRLOCK_RECORD_DOM_BASELINE` naming the sinks' bundle
 * built from agent-airlock 0.2.0 (`npm run build:browser` there), in a page without Trusted Types: for each input,
 * the digest of the input and of `renderHtmlInto`'s `innerHTML`.
 */
export const BASELINE_FILE = join(import.meta.dirname, 'dom-baseline.json');

/** The recorded outputs: input digest → output digest. */
export interface DomBaseline {
  readonly recorded: string;
  readonly outputs: Readonly<Record<string, string>>;
}

/** A short SHA-256 digest of a text. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/**
 * The outcome without its evidence reference (fresh on every run and never rendered), as the JSON a server sends
 * a browser: prose wrappers become their text.
 */
export function withoutEvidence(outcome: ToolOutcome<unknown>): ToolOutcome<unknown> {
  const meta = Object.fromEntries(Object.entries(outcome.meta).filter(([name]) => name !== 'evidence'));
  return asJson({ ...outcome, meta }) as ToolOutcome<unknown>;
}

/** The recorded baseline. */
export function readBaseline(): DomBaseline {
  return JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as DomBaseline;
}

/** Writes a new baseline from inputs and the outputs a bundle rendered for them. */
export function writeBaseline(
  recorded: string,
  inputs: readonly ToolOutcome<unknown>[],
  outputs: readonly string[],
): void {
  const entries = inputs.map((input, index) => [digest(JSON.stringify(input)), digest(outputs[index] ?? '')]);
  const baseline: DomBaseline = { recorded, outputs: Object.fromEntries(entries.sort()) };
  writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
}
