#!/usr/bin/env node
// Entry point of the `airlock` executable: runs the command, then exits once its output is written.
import { processIo, runCli } from './main.js';

const code = await runCli(process.argv.slice(2), processIo());
// A never-closing stdin or FIFO must not keep the process alive after the command has ended: exit as soon
// as everything written so far has been flushed.
process.stdout.write('', () => {
  process.stderr.write('', () => process.exit(code));
});
