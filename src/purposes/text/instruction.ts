// The text purpose's injection signal: a `text.instruction` finding for instructions addressed to an assistant.
import { findInstructions } from '../../taint/instruction-signal.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { ResolvedTextOptions } from './options.js';
import type { TextResult } from './sanitize-text.js';

/**
 * What an instruction addressed to an assistant inside a value does: nothing (`ignore`, the default: the text
 * is not even examined), a `text.instruction` finding with the value delivered as it is (`report`: the result
 * is flagged), or the value refused (`reject`: the result is withheld). The text itself is never changed.
 */
export type InstructionPolicy = 'ignore' | 'report' | 'reject';

/** Every {@link InstructionPolicy}. */
export const INSTRUCTION_POLICIES: readonly InstructionPolicy[] = Object.freeze([
  'ignore',
  'report',
  'reject',
]);

/** The finding code of the injection signal. */
export const INSTRUCTION_FINDING = 'text.instruction';

/**
 * The result with the injection signal applied: under `report` a `text.instruction` finding is added when the
 * delivered value holds an instruction addressed to an assistant (its count is how many cues were found, its
 * detail the kinds of cue, never text), under `reject` the value is refused with that finding. The value is
 * never changed. A refused result, and any result under `ignore`, is returned as it is.
 */
export function signalInstructions(result: TextResult, policy: ResolvedTextOptions): TextResult {
  if (policy.instructions === 'ignore' || !result.ok) return result;
  const report = findInstructions(result.value);
  if (report === undefined) return result;
  const finding: Finding = {
    code: INSTRUCTION_FINDING,
    pointer: '',
    count: report.count,
    action: policy.instructions === 'reject' ? 'rejected' : 'reported',
    detail: { cues: report.cues.join(' ') },
  };
  if (finding.action === 'rejected') return { ok: false, findings: [...result.findings, finding] };
  return { ...result, findings: [...result.findings, finding] };
}

/** True when the injection signal leaves `value` alone: the policy ignores it, or the value holds no instruction. */
export function passesInstructions(value: string, policy: ResolvedTextOptions): boolean {
  return policy.instructions === 'ignore' || findInstructions(value) === undefined;
}
