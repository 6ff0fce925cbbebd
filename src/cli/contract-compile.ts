// `airlock contract compile`: prints the generated pass of a JSON contract, or why the gate interprets it.
import { resolve } from 'node:path';
import { loadContractFile } from '../contract/contract-file.js';
import { parseCommandArgs } from './args.js';
import { defineCommand, EXIT, usageError, type Command } from './command.js';

const USAGE = `usage: airlock contract compile CONTRACT.json
  Prints the function the gate generates for a JSON contract: one pass over a result that validates it,
  sends each string through its purpose and builds the projection. The code is made from the contract
  alone. A contract the compiler does not cover is interpreted stage by stage instead, with the same
  outcomes; the command then says which part of the schema it does not cover.
  exit 0: printed; 1: not compiled (the reason is printed on standard error); 2: usage or contract mistake.`;

/** The `contract compile` command: exit 0 with the generated source, 1 when the contract is interpreted. */
export const contractCompileCommand: Command = defineCommand({
  path: ['contract', 'compile'],
  summary: 'print the generated pass of a JSON contract (or why it is interpreted)',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs<Record<string, never>>(args, {});
    if (!parsed.ok) return usageError(io, 'contract compile', parsed.message);
    const [file, ...rest] = parsed.positionals;
    if (file === undefined || rest.length > 0)
      return usageError(io, 'contract compile', 'give one CONTRACT.json');
    const tool = await loadContractFile(resolve(io.cwd, file));
    if ('source' in tool.pass) {
      io.stdout(`${tool.pass.source}\n`);
      return EXIT.ok;
    }
    const where = tool.pass.location === '' ? 'the root' : tool.pass.location;
    io.stderr(
      `airlock contract compile: not compiled: ${tool.pass.reason} at ${where}; the gate interprets it\n`,
    );
    return EXIT.failed;
  },
});
