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
 * that installs the tarball with TypeScript, Node's types, the MCP SDK (the peer `agent-airlock/mcp` works
 * with) and React with its types (the peers of `agent-airlock/react`) — from the npm cache when it has them.
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
  const dev = { ...MANIFEST.dependencies, ...MANIFEST.devDependencies };
  // The peers an application installs for the entries it uses: the MCP SDK, zod for zod contracts, React.
  const tools = [
    'typescript',
    '@types/node',
    '@modelcontextprotocol/sdk',
    'zod',
    'react',
    'react-dom',
    '@types/react',
    '@types/react-dom',
  ].map((name) => `${name}@${dev[name] ?? 'latest'}`);
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
