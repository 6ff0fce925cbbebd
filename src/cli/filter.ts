// `airlock filter`: standard input through the gate; standard output is what a model may see, or the outcome as JSON.
import { resolve } from 'node:path';
import { loadContractFile } from '../contract/contract-file.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { RawInput } from '../read/input.js';
import { RAW_MAX_BYTES } from '../vocabulary/limits.js';
import { parseCommandArgs } from './args.js';
import { defineCommand, EXIT, usageError, type CliIo, type Command } from './command.js';
import { gateOutput, outputView } from './filter/gated-output.js';
import { parseMaxBytes } from './filter/max-bytes.js';
import { anyJsonContract, FALLBACK_TOOL_NAME, outputSettings } from './filter/output-contract.js';
import { defaultBody } from './filter/stdin-body.js';

interface FilterArgs {
  readonly tool?: string;
  readonly format?: string;
  readonly name?: string;
  readonly 'max-bytes'?: string;
  readonly audit?: boolean;
}

const USAGE = `usage: airlock filter [--tool CONTRACT.json | --name NAME --max-bytes N] [--format block|json] [--audit]
  Reads one tool output on standard input, runs it through the gate, and writes what a model may see of it.
  --tool       a JSON contract file (format: agent-airlock/contract.schema.json); the input must be JSON
  default      without --tool: any JSON whose strings are text (cleaned, secrets redacted), at most
               --max-bytes (default ${String(RAW_MAX_BYTES)}); input whose first non-blank character is not
               { or [ is read as one text
  --name       the tool's name in the block and the outcome (default ${FALLBACK_TOOL_NAME})
  --format     block (default): the data as JSON in one untrusted block, or {"error":{"code":…,"retryable":…}};
               json: the outcome as JSON
  --audit      write the full audit record (one JSON line) to standard error instead of the short reason
  exit 0: accepted; 1: rejected (the agent code and the stage's detailed code on standard error); 2: usage or
  contract mistake.`;

const FORMATS: ReadonlySet<string> = new Set(['block', 'json']);

/** The options `filter` takes (any other is a usage mistake). */
const OPTIONS = Object.freeze({
  tool: { type: 'string' },
  format: { type: 'string' },
  name: { type: 'string' },
  'max-bytes': { type: 'string' },
  audit: { type: 'boolean' },
} as const);

/** The `filter` command: exit 0 when accepted, 1 when rejected, 2 on a usage or contract error. */
export const filterCommand: Command = defineCommand({
  path: ['filter'],
  summary: 'run standard input through the gate and print what a model may see',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs<FilterArgs>(args, OPTIONS);
    if (!parsed.ok) return usageError(io, 'filter', parsed.message);
    const { values, positionals } = parsed;
    if (positionals.length > 0)
      return usageError(io, 'filter', 'the output is read from standard input only');
    const format = values.format ?? 'block';
    if (!FORMATS.has(format)) return usageError(io, 'filter', '--format is block or json');
    if (values.tool !== undefined && (values.name !== undefined || values['max-bytes'] !== undefined))
      return usageError(io, 'filter', '--name and --max-bytes apply without --tool only');
    const maxBytes = parseMaxBytes(values['max-bytes']);
    if (maxBytes === undefined)
      return usageError(io, 'filter', '--max-bytes must be a whole number from 1024');
    const input = await inputFor(values, maxBytes, io);
    const audit = { command: 'filter', full: values.audit === true };
    const outcome = await gateOutput(input.contract, input.raw, { requestId: 'cli' }, io, audit);
    const text =
      format === 'json' ? JSON.stringify(outcome, null, 2) : outputView(outcome, input.contract).text;
    io.stdout(`${text}\n`);
    return outcome.ok ? EXIT.ok : EXIT.failed;
  },
});

/** The contract and what the gate reads: the named contract over standard input, or the default one. */
async function inputFor(
  values: FilterArgs,
  maxBytes: number,
  io: CliIo,
): Promise<{ readonly contract: ToolDefinition<unknown>; readonly raw: RawInput }> {
  if (values.tool !== undefined)
    return { contract: await loadContractFile(resolve(io.cwd, values.tool)), raw: io.stdin };
  const contract = anyJsonContract(values.name ?? FALLBACK_TOOL_NAME, outputSettings(maxBytes));
  return { contract, raw: await defaultBody(io.stdin, contract.limits.read) };
}
