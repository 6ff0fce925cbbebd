// buildPrompt: trusted text into system and instruction slots, untrusted values only into the wrapped data slot.
import type { OutcomeJson } from '../../src/taint/outcome-data.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { assertTrustedText } from '../../src/taint/trusted.js';
import { isUntrusted } from '../../src/taint/untrusted.js';
import type { Untrusted } from '../../src/taint/untrusted.js';
import { freshNonce } from './boundary.js';
import type { WrapMode } from './boundary.js';
import { projectForBudget } from './budget.js';
import type { ContextBudget } from './budget.js';
import { boundaryNotice } from './notice.js';
import { renderBlock } from './render.js';
import { untrustedText } from './serialise.js';

/** What a prompt is built from. Trusted and untrusted inputs have separate slots, and the types keep them apart. */
export interface PromptSpec {
  /** Trusted system text (policy, persona). Plain strings only: an untrusted value here is a type error. */
  readonly system: readonly string[];
  /** Trusted instructions for this task. Plain strings only, like `system`. */
  readonly instructions?: readonly string[];
  /** The data slot: untrusted values only, each wrapped in its own boundary. Non-strings are written as JSON. */
  readonly context?: readonly Untrusted<string | OutcomeJson>[];
  /** How each block is encoded (default `tags`). */
  readonly mode?: WrapMode;
  /** Budget for the data slot; whole blocks are kept in order and the rest is marked as left out. */
  readonly budget?: ContextBudget;
}

/** One chat message. */
export interface PromptMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

/** A built prompt. */
export interface BuiltPrompt {
  /** The system message, then the data message (when there is context), then the instructions (when given). */
  readonly messages: readonly PromptMessage[];
  /** False when the budget left context items out; `continuation` is then the marker placed after the blocks. */
  readonly complete: boolean;
  readonly continuation?: string;
  /** What neutralising changed in each context item (pointer `/context/N`), codes and counts only. */
  readonly findings: readonly Finding[];
}

const SEPARATOR = '\n\n';

/**
 * Builds chat messages from trusted and untrusted parts. The system message is the trusted system text plus a
 * fixed notice explaining the boundaries; the data message holds each context value wrapped with its own fresh
 * nonce; the instruction message comes last, nearest to the answer. An untrusted value that reaches a trusted
 * slot at run time (through `any`) throws `UntrustedPlacementError`; a plain string in the data slot throws a
 * TypeError (trusted text belongs in `system` or `instructions`).
 */
export function buildPrompt(spec: PromptSpec): BuiltPrompt {
  const system = assertTrustedText(spec.system, 'system');
  const instructions =
    spec.instructions === undefined ? [] : assertTrustedText(spec.instructions, 'instructions');
  const mode = spec.mode ?? 'tags';
  const context = checkContext(spec.context ?? []);
  const findings: Finding[] = [];
  const blocks = context.map((item, index) => {
    const block = renderBlock(untrustedText(item), { source: item.source, mode, nonce: freshNonce() });
    for (const finding of block.findings) findings.push({ ...finding, pointer: `/context/${index}` });
    return block.text;
  });
  const projection =
    spec.budget === undefined
      ? undefined
      : projectForBudget(blocks, { ...spec.budget, separator: SEPARATOR });
  const kept = projection?.items ?? blocks;
  const continuation = projection?.complete === false ? projection.continuation : undefined;
  const messages: PromptMessage[] = [
    { role: 'system', content: [...system, boundaryNotice(mode)].join(SEPARATOR) },
  ];
  const data = continuation === undefined ? kept : [...kept, continuation];
  if (data.length > 0) messages.push({ role: 'user', content: data.join(SEPARATOR) });
  if (instructions.length > 0) messages.push({ role: 'user', content: instructions.join(SEPARATOR) });
  return {
    messages,
    complete: continuation === undefined,
    ...(continuation === undefined ? {} : { continuation }),
    findings,
  };
}

function checkContext(context: unknown): readonly Untrusted<unknown>[] {
  if (!Array.isArray(context)) throw new TypeError('The context slot must be an array of untrusted values.');
  context.forEach((item: unknown, index) => {
    if (!isUntrusted(item)) {
      throw new TypeError(
        `context[${index}] is not an untrusted value; trusted text belongs in system or instructions.`,
      );
    }
  });
  return context as readonly Untrusted<unknown>[];
}
