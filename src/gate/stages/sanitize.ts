// Stage 5, sanitize: each string through the purpose its contract gave it, into a fresh copy.
import { sanitizeValue } from '../../purposes/sanitize-value.js';
import { established, stop, type Stage } from '../call.js';

/** Sanitizes the validated value per field purpose; every finding is kept on the call for meta and audit. */
export const sanitizeStage: Stage = async (call) => {
  const value = established(call.parsed, 'parsed value');
  const decodedBytes = established(call.read, 'read').decodedBytes;
  const result = await sanitizeValue(value, call.tool.contract.shape, decodedBytes, call.tool.limits.output);
  call.findings.push(...result.findings);
  if (!result.ok) return stop(result.issue);
  call.hidden.push(...result.hidden);
  call.sanitized = { value: result.value, purposes: result.purposes };
  return { ok: true };
};
