// The injection signal on benign corpora: how many text fields it flags, and that it changes no byte of any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';
import { filled, placement } from './agentdojo/attack.js';
import type { AgentDojoData, EgressData } from './data.js';

/** One corpus: its name and its text fields. */
export interface Corpus {
  readonly name: string;
  readonly texts: readonly string[];
}

/** What the signal did on one corpus. */
export interface BenignResult {
  readonly name: string;
  readonly fields: number;
  readonly flagged: number;
  /** Fields whose delivered text differs with the signal on: always zero, the signal never changes text. */
  readonly changed: number;
}

const ROOT = resolve(import.meta.dirname, '../..');
const CORPORA = resolve(process.env.AIRLOCK_CORPORA ?? join(ROOT, '../shared/corpora'));
const LIMITS = { maxCodePoints: 1 << 20, maxBytes: 4 << 20 } as const;

/** Every string inside a JSON value, in order. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The shared third-party corpora that hold benign prose, when present beside the project. */
function sharedCorpora(): Corpus[] {
  const spec = join(CORPORA, 'markdown/commonmark');
  const schemas = join(CORPORA, 'json-schema/draft2020-12/tests');
  if (!existsSync(spec) || !existsSync(schemas)) return [];
  const examples = JSON.parse(readFileSync(join(spec, 'spec.json'), 'utf8')) as { markdown: string }[];
  return [
    { name: 'CommonMark spec: examples', texts: examples.map((example) => example.markdown) },
    {
      name: 'CommonMark spec: prose paragraphs',
      texts: readFileSync(join(spec, 'spec.txt'), 'utf8').split(/\n{2,}/),
    },
    {
      name: 'JSON Schema Test Suite: strings',
      texts: files(schemas)
        .filter((path) => path.endsWith('.json'))
        .flatMap((path) => strings(JSON.parse(readFileSync(path, 'utf8')))),
    },
  ];
}

/** Every benign corpus the project has: its own, the benches' benign parts, and the shared ones when present. */
export function benignCorpora(agentdojo: AgentDojoData, egress: EgressData): readonly Corpus[] {
  const pack = JSON.parse(readFileSync(join(ROOT, 'fixtures/packs/benign/pack.json'), 'utf8')) as {
    cases: unknown;
  };
  const environments = Object.values(agentdojo.suites).flatMap((suite) =>
    strings(filled(suite.outputs, placement(suite, [], undefined))),
  );
  return [
    { name: 'fixtures/packs/benign', texts: strings(pack.cases) },
    { name: 'README.md paragraphs', texts: readFileSync(join(ROOT, 'README.md'), 'utf8').split(/\n{2,}/) },
    { name: 'AgentDojo v1 environments (no injection)', texts: [...new Set(environments)] },
    {
      name: 'agent-egress-bench benign cases',
      texts: egress.cases
        .filter((item) => item.expected_verdict === 'allow')
        .flatMap((item) => strings(item.payload)),
    },
    ...sharedCorpora(),
  ];
}

/** Runs the text purpose with the signal on and off over every field of a corpus. */
export function measureBenign(corpus: Corpus): BenignResult {
  let flagged = 0;
  let changed = 0;
  for (const text of corpus.texts) {
    const off = sanitizeText(text, LIMITS);
    const on = sanitizeText(text, { ...LIMITS, instructions: 'report' });
    if (on.findings.some((finding) => finding.code === 'text.instruction')) flagged++;
    if (off.ok !== on.ok || (off.ok && on.ok && off.value !== on.value)) changed++;
  }
  return { name: corpus.name, fields: corpus.texts.length, flagged, changed };
}

/** Whether the shared corpora were found (they are read where they are, never copied into the project). */
export function sharedCorporaPresent(): boolean {
  return existsSync(join(CORPORA, 'markdown/commonmark'));
}
