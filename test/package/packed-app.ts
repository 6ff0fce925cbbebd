// Packs the package as `npm pack` does and installs the tarball into a fresh app, as a user would.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
];

/** An app with the packed package installed. */
export interface PackedApp {
  readonly dir: string;
  readonly tarball: string;
  /** Runs a command in the app; resolves with its exit code and output (never rejects on a non-zero exit). */
  run(
    file: string,
    args: readonly string[],
    options?: { readonly input?: string; readonly timeoutMs?: number },
  ): Promise<{ code: number; stdout: string; stderr: string; ms: number }>;
}

/**
 * `npm pack` in the project (its `prepack` builds everything the exports map names), then a new app in `work`
 * that installs the tarball with {@link APP_PACKAGES} — from the npm cache when it has them.
 */
export async function packAndInstall(work: string): Promise<PackedApp> {
  const packs = join(work, 'packs');
  mkdirSync(packs, { recursive: true });
  await run('npm', ['pack', '--pack-destination', packs, '--silent'], { cwd: ROOT, maxBuffer: 64 << 20 });
  const file = readdirSync(packs).find((name) => name.endsWith('.tgz'));
  if (file === undefined) throw new Error('npm pack wrote no tarball');
  const tarball = join(packs, file);
  const dir = join(work, 'app');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const pinned = { ...MANIFEST.dependencies, ...MANIFEST.devDependencies };
  const tools = APP_PACKAGES.map((name) => `${name}@${pinned[name] ?? 'latest'}`);
  await run('npm', ['install', tarball, ...tools, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    maxBuffer: 64 << 20,
  });
  return {
    dir,
    tarball,
    run(command, args, options = {}) {
      const started = Date.now();
      return new Promise((settle) => {
        const child = execFile(
          command,
          [...args],
          {
            cwd: dir,
            timeout: options.timeoutMs ?? 120_000,
            maxBuffer: 64 << 20,
            env: { ...process.env, CI: '' },
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
