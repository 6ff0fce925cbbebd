// Packs the package as `npm pack` does and installs the tarball into a fresh app, as a user would.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The project root. */
export const ROOT = resolve(import.meta.dirname, '../..');

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly exports: Readonly<Record<string, unknown>>;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
}

/** The project's package.json. */
export const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/** The app's TypeScript settings for README blocks and examples: `--strict`, and no `skipLibCheck`. */
export const APP_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
    jsx: 'react-jsx',
    skipLibCheck: false,
    outDir: 'build',
  },
  include: ['*.ts', '*.tsx'],
} as const;

/**
 * What the app installs beside the tarball, at the project's own versions: TypeScript and Node's types, the
 * optional peers the entries and examples work with (the MCP SDK, the AI SDK, LangChain core, React and its
 * types) and zod, and the JSON Schema types the AI SDK's declarations import without depending on them (needed
 * without skipLibCheck).
 */
const APP_PACKAGES = [
  'typescript',
  '@types/node',
  '@modelcontextprotocol/sdk',
  'ai',
  '@langchain/core',
  'zod',
  '@types/json-schema',
  'react',
  'react-dom',
  '@types/react',
  '@types/react-dom',
  '@openai/agents',
  '@ai-sdk/mcp',
  '@modelcontextprotocol/client',
];

/** The version the project pins for each package (`latest` for one it does not name). */
export function pinnedVersions(names: readonly string[]): Record<string, string> {
  const versions = { ...MANIFEST.dependencies, ...MANIFEST.devDependencies };
  return Object.fromEntries(names.map((name) => [name, versions[name] ?? 'latest']));
}

function pinned(names: readonly string[]): string[] {
  return Object.entries(pinnedVersions(names)).map(([name, version]) => `${name}@${version}`);
}

/** A Node other than the one running the tests: the binary, its headers, and the npm CLI to run under it. */
export interface NodeRuntime {
  /** The `node` binary; the app's commands find it first on their PATH. */
  readonly node: string;
  /** The folder holding `include/node`, for native builds (`npm_config_nodedir`). */
  readonly nodedir: string;
  /** The JavaScript entry of npm (`npm-cli.js`), run with `node`. */
  readonly npmCli: string;
}

/** How a command in the app ended. */
export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** An app with the packed package installed. */
export interface PackedApp {
  readonly dir: string;
  readonly tarball: string;
  /** Runs a command in the app; resolves with its exit code and output (never rejects on a non-zero exit). */
  run(
    file: string,
    args: readonly string[],
    options?: {
      readonly input?: string;
      readonly timeoutMs?: number;
      /** Variables added to the app's environment. */
      readonly env?: Readonly<Record<string, string>>;
    },
  ): Promise<RunResult>;
}

/** How {@link installIntoProject} makes its app. */
export interface ProjectOptions {
  /** The app's folder in `work`. */
  readonly name: string;
  /** What the project already holds (name → exact version), installed before the package as a user's project is. */
  readonly dependencies: Readonly<Record<string, string>>;
  /** The project's own tools (TypeScript, types), installed with its dependencies. */
  readonly devDependencies?: Readonly<Record<string, string>>;
  /** The Node that runs npm and every command in the app; the one running the tests when absent. */
  readonly runtime?: NodeRuntime;
}

const NPM_INSTALL_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline'];

/** Packs in turn: `npm pack` rebuilds dist/ in place, so two packs of one checkout at once break each other. */
const PACK_LOCK = join(ROOT, 'node_modules/.cache/agent-airlock/pack.lock');
/** A lock older than this was left by a pack that died (a pack takes seconds). */
const PACK_LOCK_STALE_MS = 300_000;

async function withPackLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(PACK_LOCK), { recursive: true });
  const deadline = Date.now() + PACK_LOCK_STALE_MS + 60_000;
  for (;;) {
    try {
      mkdirSync(PACK_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - lockTime() > PACK_LOCK_STALE_MS) rmSync(PACK_LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error('another npm pack of this checkout kept its lock');
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(PACK_LOCK, { recursive: true, force: true });
  }
}

function lockTime(): number {
  try {
    return statSync(PACK_LOCK).mtimeMs;
  } catch {
    return Date.now();
  }
}

/** `npm pack` in the project (its `prepack` builds everything the exports map names) into `work/packs`. */
export async function packTarball(work: string): Promise<string> {
  const packs = join(work, 'packs');
  mkdirSync(packs, { recursive: true });
  await withPackLock(() =>
    run('npm', ['pack', '--pack-destination', packs, '--silent'], { cwd: ROOT, maxBuffer: 64 << 20 }),
  );
  const file = readdirSync(packs).find((name) => name.endsWith('.tgz'));
  if (file === undefined) throw new Error('npm pack wrote no tarball');
  return join(packs, file);
}

/**
 * `npm pack` in the project, then a new app in `work` that installs the tarball with {@link APP_PACKAGES} — from
 * the npm cache when it has them.
 */
export async function packAndInstall(work: string): Promise<PackedApp> {
  const tarball = await packTarball(work);
  const dir = join(work, 'app');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await run('npm', ['install', tarball, ...pinned(APP_PACKAGES), ...NPM_INSTALL_FLAGS], {
    cwd: dir,
    maxBuffer: 64 << 20,
  });
  return appIn(dir, tarball);
}

/**
 * A user's existing project in `work/<name>`: its package.json names `dependencies` and `devDependencies`, which
 * `npm install` installs first (a failure throws), while the tarball may still be packing; then
 * `npm install <tarball>` on its own, as a user adds the package. Resolves with the app and how that second
 * install ended (it does not throw on failure: the install is what the caller checks). npm and every command run
 * under `runtime` when given.
 */
export async function installIntoProject(
  work: string,
  tarball: PromiseLike<string>,
  options: ProjectOptions,
): Promise<{ app: PackedApp; install: RunResult }> {
  const dir = join(work, options.name);
  mkdirSync(dir);
  const { dependencies, devDependencies = {} } = options;
  const manifest = { name: options.name, private: true, type: 'module', dependencies, devDependencies };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const before = appIn(dir, '', options.runtime);
  const existing = await before.run('npm', ['install', ...NPM_INSTALL_FLAGS], { timeoutMs: 600_000 });
  if (existing.code !== 0) throw new Error(`npm install of the existing project failed:\n${existing.stderr}`);
  const app = appIn(dir, await tarball, options.runtime);
  const install = await app.run('npm', ['install', app.tarball, ...NPM_INSTALL_FLAGS], {
    timeoutMs: 600_000,
  });
  return { app, install };
}

/** The command line that runs `file` under `runtime`: `node` is its binary, `npm` its npm CLI under that binary. */
function commandFor(file: string, args: readonly string[], runtime?: NodeRuntime): [string, string[]] {
  if (runtime === undefined) return [file, [...args]];
  if (file === 'npm') return [runtime.node, [runtime.npmCli, ...args]];
  return [file === 'node' ? runtime.node : file, [...args]];
}

/** The environment of the app's commands: CI unset; under `runtime`, its node first on PATH and its headers. */
function environment(runtime?: NodeRuntime): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '' };
  if (runtime === undefined) return env;
  return {
    ...env,
    PATH: `${dirname(runtime.node)}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: runtime.nodedir,
  };
}

function appIn(dir: string, tarball: string, runtime?: NodeRuntime): PackedApp {
  return {
    dir,
    tarball,
    run(command, args, options = {}) {
      const started = Date.now();
      const [file, argv] = commandFor(command, args, runtime);
      return new Promise((settle) => {
        const child = execFile(
          file,
          argv,
          {
            cwd: dir,
            timeout: options.timeoutMs ?? 120_000,
            maxBuffer: 64 << 20,
            env: { ...environment(runtime), ...options.env },
          },
          (error, stdout, stderr) => {
            const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
            settle({ code, stdout, stderr, ms: Date.now() - started });
          },
        );
        if (options.input !== undefined) child.stdin?.end(options.input);
        else child.stdin?.end();
      });
    },
  };
}
