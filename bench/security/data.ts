// Reads the security bench's shipped data files: AgentDojo v1's ground truth and agent-egress-bench's cases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Where the data files and their licences live. */
export const DATA_DIR = join(import.meta.dirname, 'data');

/** One tool call of a ground truth, and the index of its output in the suite's output table. */
export interface Step {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly output: number;
}

/** A user task: the prompt, the injection vectors its ground truth reads, and the ground truth. */
export interface UserTask {
  readonly id: string;
  readonly prompt: string;
  readonly vectors: readonly string[];
  readonly steps: readonly Step[];
}

/** An injection task: the attacker's goal and the ground truth that carries it out. */
export interface InjectionTask {
  readonly id: string;
  readonly goal: string;
  readonly steps: readonly Step[];
}

/** An injection vector: its benign default, and what the loader trims beside an injection starting with a line break. */
export interface Vector {
  readonly default: string;
  readonly trim: readonly [number, number];
}

/** One AgentDojo suite as extracted. Outputs hold `<CANARY---vector--->` where a vector's text goes. */
export interface Suite {
  readonly vectors: Readonly<Record<string, Vector>>;
  readonly outputs: readonly unknown[];
  readonly userTasks: readonly UserTask[];
  readonly injectionTasks: readonly InjectionTask[];
}

/** The AgentDojo data file. */
export interface AgentDojoData {
  readonly source: { readonly repository: string; readonly commit: string; readonly benchmark: string };
  readonly attack: {
    readonly name: string;
    readonly template: string;
    readonly user: string;
    readonly model: string;
  };
  readonly systemPrompt: string;
  readonly suites: Readonly<Record<string, Suite>>;
}

/** One agent-egress-bench case, trimmed to the members a runner reads. */
export interface EgressCase {
  readonly id: string;
  readonly category: string;
  readonly title: string;
  readonly input_type: string;
  readonly transport: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly expected_verdict: 'block' | 'allow';
  readonly capability_tags: readonly string[];
  readonly requires: readonly string[];
  readonly why_expected: string;
}

/** The agent-egress-bench data file. */
export interface EgressData {
  readonly source: { readonly repository: string; readonly commit: string };
  readonly cases: readonly EgressCase[];
}

function readGzipJson(name: string): unknown {
  return JSON.parse(gunzipSync(readFileSync(join(DATA_DIR, name))).toString('utf8'));
}

/** AgentDojo v1: the four suites' environments, injection vectors, user and injection tasks. */
export function loadAgentDojo(): AgentDojoData {
  return readGzipJson('agentdojo-v1.json.gz') as AgentDojoData;
}

/** agent-egress-bench's cases. */
export function loadEgressBench(): EgressData {
  return readGzipJson('agent-egress-bench-cases.json.gz') as EgressData;
}
