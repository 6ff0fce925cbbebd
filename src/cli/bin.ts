#!/usr/bin/env node
// Entry point of the `airlock` executable.
import { processIo, runCli } from './main.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
