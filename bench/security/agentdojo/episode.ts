// One AgentDojo episode with no model: the ground truths' calls decided by authorize, their outputs through the gate.
import { authorize } from '../../../src/calls/authorize.js';
import type { ArgumentTrace } from '../../../src/calls/output-memory.js';
import type { Permissions } from '../../../src/calls/permissions.js';
import { createSession, type Session } from '../../../src/calls/session.js';
import { anyJsonContract, outputSettings } from '../../../src/cli/filter/output-contract.js';
import type { ToolDefinition } from '../../../src/contract/define-tool.js';
import { createGate, type Gate } from '../../../src/gate/create-gate.js';
import type { InjectionTask, Step, UserTask } from '../data.js';
import { CAPABILITY } from './catalogue.js';
import { filled, type Placement } from './attack.js';

/** The suite-wide parts every episode shares. */
export interface Stage {
  readonly permissions: Permissions;
  readonly outputs: readonly unknown[];
  readonly effect: (tool: string) => 'read' | 'write' | 'network';
  /** The session's trusted inputs besides the user's prompt (the system prompt). */
  readonly system: string;
}

/** One episode: a user task, and (attacked or as a control) an injection task's calls after the injected output. */
export interface Episode {
  readonly user: UserTask;
  readonly placed: Placement;
  /** The vectors that hold the attack in this episode (none in a control run). */
  readonly injected: readonly string[];
  readonly injection?: InjectionTask;
  /**
   * The attacker calls that run, by step index, when they must mirror another run (a control run replays the
   * attacked run's calls, so both see the same outputs); by default a call runs when it is allowed.
   */
  readonly runs?: ReadonlySet<number>;
  /** Rewrites an attacker call's arguments (a disguise applied to the argument), by step index. */
  readonly rewrite?: (
    step: number,
    args: Readonly<Record<string, unknown>>,
  ) => Readonly<Record<string, unknown>>;
}

/** One side-effecting call and its decision. */
export interface CallRecord {
  readonly who: 'user' | 'attacker';
  readonly step: number;
  readonly allowed: boolean;
  /** Redacted pointers of the arguments found repeating untrusted output. */
  readonly matches: readonly string[];
  /** Each such argument with the output it repeats (`injected` when that output holds the attack) and the form. */
  readonly traces: readonly (ArgumentTrace & { readonly injected: boolean })[];
}

const gate: Gate = createGate({ audit: { write: () => undefined } });
const contracts = new Map<string, ToolDefinition>();
const SETTINGS = outputSettings(4 << 20);
const AUDIT = { write: () => undefined };
let requests = 0;

function contractFor(tool: string): ToolDefinition {
  let contract = contracts.get(tool);
  if (contract === undefined) {
    contract = anyJsonContract(tool, SETTINGS);
    contracts.set(tool, contract);
  }
  return contract;
}

/** Runs an episode's calls against one session, labelling each output by its step. */
class Run {
  readonly records: CallRecord[] = [];
  private readonly injectedLabels = new Set<string>();

  constructor(
    private readonly stage: Stage,
    private readonly session: Session,
    private readonly episode: Episode,
  ) {}

  /** The step's output through the gate, remembered under the step's label when accepted. */
  async receive(step: Step, label: string): Promise<void> {
    const raw = JSON.stringify(this.stage.outputs[step.output]);
    if (this.episode.injected.some((vector) => raw.includes(`<CANARY---${vector}--->`)))
      this.injectedLabels.add(label);
    const output = filled(this.stage.outputs[step.output], this.episode.placed);
    const outcome = await gate.accept(contractFor(step.tool), JSON.stringify(output), {
      requestId: `bench.${++requests}`,
    });
    this.session.memory.rememberOutcome(outcome, label);
  }

  /** Decides a side-effecting call; true when it may run. */
  async decide(who: CallRecord['who'], step: number, tool: string, args: unknown): Promise<boolean> {
    const decided = await authorize({ tool, arguments: args }, this.session, {
      audit: AUDIT,
      confirm: () => false,
    });
    const allowed = decided.document.decision === 'allow';
    const traces = this.session.memory
      .trace(args)
      .map((trace) => ({ ...trace, injected: this.injectedLabels.has(trace.source) }));
    this.records.push({ who, step, allowed, matches: decided.evaluated.matches, traces });
    return allowed;
  }

  /** The injection task's calls: a call that is not allowed does not run, so nothing comes back from it. */
  async attacker(): Promise<void> {
    for (const [index, step] of (this.episode.injection?.steps ?? []).entries()) {
      const args = filled(this.episode.rewrite?.(index, step.args) ?? step.args, this.episode.placed);
      const allowed =
        this.stage.effect(step.tool) === 'read' || (await this.decide('attacker', index, step.tool, args));
      if (this.episode.runs?.has(index) ?? allowed) await this.receive(step, `attacker:${index}`);
    }
  }
}

/** The index of the first user step whose output a vector of the task is in: the model reads the injection there. */
function injectionPoint(stage: Stage, user: UserTask): number {
  const index = user.steps.findIndex((step) =>
    user.vectors.some((vector) =>
      JSON.stringify(stage.outputs[step.output]).includes(`<CANARY---${vector}--->`),
    ),
  );
  return index < 0 ? user.steps.length - 1 : index;
}

/**
 * Runs an episode: a fresh session whose trusted inputs are the system prompt and the user's prompt; the user
 * task's calls in order, each side-effecting one decided before it runs (and run all the same, as a person who
 * asked for it would confirm), its outputs through the gate and into the session's memory; the injection
 * task's calls right after the output the injection is placed in.
 */
export async function runEpisode(stage: Stage, episode: Episode): Promise<readonly CallRecord[]> {
  const tools = [
    ...new Set([...episode.user.steps, ...(episode.injection?.steps ?? [])].map((step) => step.tool)),
  ];
  const session = createSession(stage.permissions, { id: 'bench', grant: [CAPABILITY], allowlist: tools });
  session.memory.trust([stage.system, episode.user.prompt]);
  const run = new Run(stage, session, episode);
  const point = injectionPoint(stage, episode.user);
  for (const [index, step] of episode.user.steps.entries()) {
    if (stage.effect(step.tool) !== 'read')
      await run.decide('user', index, step.tool, filled(step.args, episode.placed));
    await run.receive(step, `user:${index}`);
    if (index === point) await run.attacker();
  }
  return run.records;
}
