// DOMPurify's fixtures as what a hostile tool could send: each payload an html field of an accepted outcome.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineEgressPolicy, type EgressPolicy } from '../../src/egress/policy.js';
import type { DemoScript } from '../../src/demo/script.js';
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';
import { corpusPath } from '../support/corpora.js';
import { withoutEvidence } from './dom-baseline.js';

/** The host links in the fixtures may go to. */
export const FIXTURE_HOST = 'tickets.example.com';

/** Every payload of DOMPurify's fixtures, or none (with the reason printed) when the corpus is absent. */
export function dompurifyPayloads(): string[] {
  const corpus = corpusPath('xss/dompurify');
  if (corpus === undefined) return [];
  const fixtures = JSON.parse(readFileSync(join(corpus, 'expect.json'), 'utf8')) as Array<{
    payload: string;
  }>;
  return fixtures.map((fixture) => fixture.payload);
}

/**
 * An accepted outcome whose `body` claims to be sanitized html but holds the raw payload — what a compromised
 * server could send the page — so the browser sinks face the payload itself, not the gate's cleaned copy.
 */
export function payloadOutcome(payload: string, index: number): ToolOutcome<unknown> {
  return {
    ok: true,
    data: { title: `Fixture ${String(index + 1)}`, body: payload },
    meta: {
      tool: 'fetch_page',
      schemaVersion: 'page.v1',
      requestId: `req.fixture${String(index).padStart(4, '0')}`,
      findings: [],
      purposes: { '/title': 'text', '/body': 'html' },
    },
  };
}

/** The demo's script with one pack of the payloads, for the page to render through ToolOutput. */
export function payloadScript(payloads: readonly string[]): DemoScript {
  const egress = defineEgressPolicy({ hosts: [FIXTURE_HOST] });
  const cases = payloads.map((payload, index) => ({
    id: `fixture-${String(index + 1)}`,
    title: "One of DOMPurify's fixtures, as the body of a page a tool fetched",
    question: 'What does the page say?',
    call: { tool: 'fetch_page', requestId: `req.fixture${String(index).padStart(4, '0')}` },
    outcome: payloadOutcome(payload, index),
    raw: { text: payload, bytes: Buffer.byteLength(payload), truncated: false, form: 'text' },
    passed: true,
  }));
  return {
    packs: [{ name: 'dompurify', description: "DOMPurify's fixtures, unsanitized", egress, cases }],
  };
}

/** Outcomes rendered under one egress policy. */
export interface InputGroup {
  readonly egress: EgressPolicy;
  readonly outcomes: readonly ToolOutcome<unknown>[];
}

/**
 * The outcomes of each pack of the demo's script (without their evidence), under the pack's policy, then
 * `values` as html fields of outcomes under a policy allowing {@link FIXTURE_HOST}.
 */
export function inputGroups(script: DemoScript, values: readonly string[]): InputGroup[] {
  const packs = script.packs.map((pack) => ({
    egress: pack.egress,
    outcomes: pack.cases.flatMap((turn) => (turn.outcome === null ? [] : [withoutEvidence(turn.outcome)])),
  }));
  return [
    ...packs,
    { egress: defineEgressPolicy({ hosts: [FIXTURE_HOST] }), outcomes: values.map(payloadOutcome) },
  ];
}
