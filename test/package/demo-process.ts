// Starts the installed `airlock demo` as a user would, reads the URL it prints, and stops it with a signal.
import { spawn, type ChildProcess } from 'node:child_process';

/** A running `airlock demo` and how to stop it. */
export interface DemoProcess {
  /** The URL it printed. */
  readonly url: string;
  /** Sends `signal` and resolves with the exit code and standard error once the process has ended. */
  stop(signal: 'SIGINT' | 'SIGTERM'): Promise<{ code: number | null; stderr: string }>;
}

/**
 * Runs `bin demo --port 0` in `cwd` and waits (at most `timeoutMs`) for the line with the URL; a process that
 * prints none in time, or ends first, is killed and the promise rejects with what it wrote.
 */
export function startDemo(bin: string, cwd: string, timeoutMs = 120_000): Promise<DemoProcess> {
  const child: ChildProcess = spawn(bin, ['demo', '--port', '0'], {
    cwd,
    env: { ...process.env, CI: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(deadline);
      child.kill('SIGKILL');
      reject(new Error(`airlock demo ${why}: ${stdout}${stderr}`));
    };
    const deadline = setTimeout(() => {
      fail('printed no URL in time');
    }, timeoutMs);
    void ended.then(() => {
      fail('ended early');
    });
    child.stdout?.on('data', () => {
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)?.[0];
      if (url === undefined) return;
      clearTimeout(deadline);
      resolve({
        url,
        async stop(signal) {
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.kill(signal);
          const code = await ended;
          clearTimeout(killer);
          return { code, stderr };
        },
      });
    });
  });
}
