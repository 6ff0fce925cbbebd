// Runs the `airlock` executable from the sources in a child process, for behaviour that involves exiting.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));

/** tsx, resolved from the project (the child runs in another folder). */
const TSX = import.meta.resolve('tsx');

/** What the process wrote and how it ended. */
export interface BinResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/**
 * Starts `airlock ARGS` (through tsx) in `cwd`. `stdin` is written and closed, or left open when `keepStdin`;
 * the process is killed after `killAfterMs` so a hang fails the test instead of stalling it. `env` adds variables.
 */
export function runBin(
  args: readonly string[],
  options: {
    cwd: string;
    stdin?: string;
    keepStdin?: boolean;
    killAfterMs?: number;
    env?: Record<string, string>;
  },
): Promise<BinResult> {
  const started = Date.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, CI: '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  if (options.stdin !== undefined) child.stdin?.write(options.stdin);
  if (options.keepStdin !== true) child.stdin?.end();
  const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 20_000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(killer);
      child.stdin?.destroy();
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}
