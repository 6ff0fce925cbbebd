// Runs agent-egress-bench's cases through Airlock under the bench's own rule: applicability, then block or allow.
import type { EgressCase } from '../data.js';
import { applicable } from './profile.js';
import { decideCase } from './verdict.js';

/** One case's score, as the bench's runner contract writes it. */
export interface CaseResult {
  readonly id: string;
  readonly category: string;
  readonly expected: 'block' | 'allow';
  readonly actual: 'block' | 'allow' | 'error' | 'not_applicable';
  readonly score: 'pass' | 'fail' | 'error' | 'not_applicable';
  readonly evidence: string;
}

/** Scores every case: not applicable ones are never run. */
export async function measureEgress(cases: readonly EgressCase[]): Promise<readonly CaseResult[]> {
  const results: CaseResult[] = [];
  for (const item of cases) {
    const base = { id: item.id, category: item.category, expected: item.expected_verdict };
    if (!applicable(item.capability_tags, item.requires, item.transport)) {
      results.push({ ...base, actual: 'not_applicable', score: 'not_applicable', evidence: '' });
      continue;
    }
    const { verdict, evidence } = await decideCase(item);
    const score = verdict === 'error' ? 'error' : verdict === item.expected_verdict ? 'pass' : 'fail';
    results.push({ ...base, actual: verdict, score, evidence });
  }
  return results;
}
