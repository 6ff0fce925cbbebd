// Bench: cold start of the built core entry, from import to the first accepted outcome, against ajv's naive path.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contractFromJson, parseContractText } from '../src/contract/contract-file.js';
import { ticketSearchJson } from './fixtures/ticket-search.js';
import { projectRoot, type BenchRow, type BenchSuite } from './harness.js';

const RUNS = 7;
const ITEMS = 50;
const ROOT = projectRoot();
const ENTRY = join(ROOT, 'dist/src/index.js');
const CONTRACT = join(ROOT, 'fixtures/contracts/ticket-search.contract.json');
const CONTEXT = { requestId: 'req.bench0001', tenant: 'tenant-a', limit: 5000, now: '2026-07-18T09:31:00Z' };

/** What one fresh process reports, in milliseconds, from its first statement to the first validated value. */
interface ChildRun {
  /** Inside the process: import, definition and the first call. */
  readonly ms: number;
  /** CPU time of the process over the same span (user and system, every thread): steadier on a busy machine. */
  readonly cpuMs: number;
  /** Spawn to exit, as the parent saw it: Node's own start-up and exit included. */
  readonly wallMs: number;
}

/**
 * The naive path a hand-written adapter takes: import ajv (2020) and ajv-formats, compile the contract's
 * JSON Schema, decode and parse the response, validate it once.
 */
function naiveScript(schemaFile: string, responseFile: string): string {
  return `
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const { readFileSync } = await import('node:fs');
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const { default: addFormats } = await import('ajv-formats');
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addKeyword({ keyword: 'x-purpose' });
    const validate = ajv.compile(JSON.parse(readFileSync(${JSON.stringify(schemaFile)}, 'utf8')));
    const value = JSON.parse(new TextDecoder().decode(readFileSync(${JSON.stringify(responseFile)})));
    if (!validate(value)) throw new Error('the naive path rejected the response');
    const cpu = process.cpuUsage(c0);
    process.stdout.write(JSON.stringify([performance.now() - t0, (cpu.user + cpu.system) / 1000]));`;
}

/**
 * Airlock's cold start: import the core entry by its package name, define the tool from the JSON contract
 * file, create the gate and get the first accepted outcome. `preload` is imported before the clock starts,
 * to show what one package's loading costs.
 */
function airlockScript(responseFile: string, preload?: string): string {
  return `
    ${preload === undefined ? '' : `await import(${JSON.stringify(preload)});`}
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const { readFileSync } = await import('node:fs');
    const airlock = await import('agent-airlock');
    const file = JSON.parse(readFileSync(${JSON.stringify(CONTRACT)}, 'utf8'));
    const tool = airlock.defineTool(airlock.contractFromJson(file));
    const gate = airlock.createGate({ audit: { write: () => undefined } });
    const outcome = await gate.accept(tool, readFileSync(${JSON.stringify(responseFile)}), ${JSON.stringify(CONTEXT)});
    if (!outcome.ok) throw new Error('the gate rejected the response: ' + outcome.error.code);
    const cpu = process.cpuUsage(c0);
    process.stdout.write(JSON.stringify([performance.now() - t0, (cpu.user + cpu.system) / 1000]));`;
}

/** Runs a module script in a fresh Node process from the project root (so package names resolve there). */
function runChild(script: string): ChildRun {
  const start = performance.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const wallMs = performance.now() - start;
  const figures: unknown = JSON.parse(out);
  if (!Array.isArray(figures) || !figures.every((figure) => typeof figure === 'number'))
    throw new Error('a cold-start child printed no figures');
  const [ms = 0, cpuMs = 0] = figures;
  return { ms, cpuMs, wallMs };
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(ts|json)$/.test(entry.name)) {
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Builds the library (`npm run build:lib`) when `dist` is missing or older than a source file. */
function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(ENTRY).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= Math.max(newestSource(join(ROOT, 'src')), newestSource(join(ROOT, 'sinks')))) return;
  execFileSync('npm', ['run', 'build:lib', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function summary(runs: readonly ChildRun[]): ChildRun {
  return {
    ms: median(runs.map((run) => run.ms)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    wallMs: median(runs.map((run) => run.wallMs)),
  };
}

/** The cold-start suite: Airlock's first accepted call in a fresh process against the naive path's. */
export const coldStartSuite: BenchSuite = {
  title: 'cold start (fresh process: import → define → first accepted outcome)',
  // eslint-disable-next-line @typescript-eslint/require-await -- the suite contract is asynchronous
  async run() {
    ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'airlock-cold-start-'));
    try {
      const response = join(dir, 'response.json');
      const schema = join(dir, 'schema.json');
      const contract = contractFromJson(parseContractText(readFileSync(CONTRACT, 'utf8')));
      writeFileSync(response, ticketSearchJson(ITEMS));
      writeFileSync(schema, JSON.stringify(contract.schema));
      const preset = '@secretlint/secretlint-rule-preset-recommend';
      const scripts = {
        airlock: airlockScript(response),
        preset: airlockScript(response, preset),
        naive: naiveScript(schema, response),
      };
      const runs = { airlock: [] as ChildRun[], preset: [] as ChildRun[], naive: [] as ChildRun[] };
      // Interleaved, so a change in the machine's load reaches every variant alike.
      for (let i = 0; i < RUNS; i++) {
        for (const name of ['naive', 'airlock', 'preset'] as const) runs[name].push(runChild(scripts[name]));
      }
      const airlock = summary(runs.airlock);
      const naive = summary(runs.naive);
      const withoutPreset = summary(runs.preset);
      const kb = (statSync(response).size / 1024).toFixed(0);
      return [
        {
          name: `cold start to the first accepted ${kb} KB ticket search (median of ${String(RUNS)} fresh processes)`,
          baseline: 'naive path (import ajv 2020 + ajv-formats, compile, JSON.parse, validate once)',
          ratio: naive.ms / airlock.ms,
          target: '≥ 0.67 (cold start within 1.5×)',
          detail:
            `airlock ${airlock.ms.toFixed(0)} ms = ${(airlock.ms / naive.ms).toFixed(2)}× naive ${naive.ms.toFixed(0)} ms ` +
            `in-process; with ${preset} loaded before the clock ${withoutPreset.ms.toFixed(0)} ms ` +
            `(${(withoutPreset.ms / naive.ms).toFixed(2)}×); CPU ${airlock.cpuMs.toFixed(0)} ms vs ` +
            `${naive.cpuMs.toFixed(0)} ms (${(airlock.cpuMs / naive.cpuMs).toFixed(2)}×); spawn to exit ${airlock.wallMs.toFixed(0)} ms vs ` +
            `${naive.wallMs.toFixed(0)} ms`,
        },
      ] satisfies BenchRow[];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
