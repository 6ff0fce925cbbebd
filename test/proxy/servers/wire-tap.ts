// Runs a server and copies every byte it writes to standard output into a file: what the proxy read off the wire.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

// Usage: wire-tap.ts OUTFILE -- COMMAND [ARGS…]
const [out, separator, command, ...args] = process.argv.slice(2);
if (out === undefined || separator !== '--' || command === undefined)
  throw new Error('usage: OUTFILE -- COMMAND [ARGS…]');
const tap = createWriteStream(out);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.on('data', (chunk: Buffer) => {
  tap.write(chunk);
  process.stdout.write(chunk);
});
child.on('exit', (code) => {
  tap.end(() => process.exit(code ?? 0));
});
