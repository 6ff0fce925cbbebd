// Computes the demo's conversation: every case of the given packs through the real gate, raw bytes sealed.
import { createStaticKeyProvider, buildKeyRing, generateKey } from '../evidence/keys.js';
import { createMemoryStore } from '../evidence/stores/memory.js';
import { createVault } from '../evidence/vault.js';
import type { LoadedPack } from '../packs/pack.js';
import { runPacks } from '../packs/run.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { questionFor } from './questions.js';
import { rawView } from './raw-view.js';
import type { DemoCase, DemoPack, DemoScript, ToolCall } from './script.js';

/** The demo's script and how many evidence audit events sealing the cases wrote. */
export interface BuiltScript {
  readonly script: DemoScript;
  readonly auditEvents: number;
}

/**
 * Runs every case of every pack with the packs' own runner — a fresh gate per case, the case's contract,
 * context and transport — keeping the raw bytes in an in-memory evidence vault under a key made for this run,
 * so each outcome carries a reference id as it would in production. Returns the conversation: per case the
 * user's question, the tool call, the outcome as JSON and the raw output as bounded text.
 */
export async function buildDemoScript(packs: readonly LoadedPack[]): Promise<BuiltScript> {
  const key = generateKey();
  let auditEvents = 0;
  const vault = createVault({
    store: createMemoryStore(),
    keys: createStaticKeyProvider(buildKeyRing(key.id, [[key.id, key.key]])),
    audit: () => {
      auditEvents++;
    },
  });
  // The runner reports cases in order, pack by pack, so the nth report is the nth case.
  const outcomes: Array<ToolOutcome<unknown> | undefined> = [];
  const report = await runPacks(packs, { vault, onCase: ({ outcome }) => outcomes.push(outcome) });
  let next = 0;
  const script: DemoPack[] = [];
  for (const [index, pack] of packs.entries()) {
    const results = report.packs[index]?.cases ?? [];
    const cases: DemoCase[] = [];
    for (const [caseIndex, testCase] of pack.cases.entries()) {
      const call: ToolCall = {
        tool: testCase.tool.name,
        requestId: testCase.context.requestId,
        ...(testCase.context.tenant === undefined ? {} : { tenant: testCase.context.tenant }),
        ...(testCase.context.limit === undefined ? {} : { limit: testCase.context.limit }),
      };
      cases.push({
        id: testCase.id,
        title: testCase.title,
        question: questionFor(call.tool),
        call,
        outcome: outcomes[next++] ?? null,
        raw: await rawView(testCase, pack.dir),
        passed: results[caseIndex]?.passed ?? false,
      });
    }
    script.push({ name: pack.name, description: pack.description, egress: pack.policy, cases });
  }
  return { script: { packs: script }, auditEvents };
}
