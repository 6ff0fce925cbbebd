// `airlock check`: runs one tool result through the gate under a JSON contract and prints the outcome.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { jsonLinesAuditSink } from '../audit/sinks.js';
import type { RequestContext } from '../bind/rules.js';
import { loadContractFile, parseContractText } from '../contract/contract-file.js';
import { createGate } from '../gate/create-gate.js';
import type { RawInput } from '../read/input.js';
import { parseCommandArgs } from './args.js';
import { EXIT, type CliIo, type Command } from './command.js';

interface CheckArgs {
  readonly tool?: string;
  readonly context?: string;
  readonly 'content-type'?: string;
  readonly 'content-encoding'?: string;
  readonly audit?: boolean;
}

const USAGE =
  'usage: airlock check --tool CONTRACT.json [--context CONTEXT.json] [--content-type T] [--content-encoding E] [--audit] [FILE|-]';

/** The `check` command: exit 0 when accepted, 1 when rejected, 2 on a usage or contract error. */
export const checkCommand: Command = {
  path: ['check'],
  summary: 'check one tool result against a JSON contract and print the outcome',
  async run(args, io) {
    const parsed = parseCommandArgs<CheckArgs>(args, {
      tool: { type: 'string' },
      context: { type: 'string' },
      'content-type': { type: 'string' },
      'content-encoding': { type: 'string' },
      audit: { type: 'boolean' },
    });
    if (!parsed.ok || parsed.values.tool === undefined || parsed.positionals.length > 1) {
      io.stderr(`${parsed.ok ? '' : parsed.message + '\n'}${USAGE}\n`);
      return EXIT.usage;
    }
    const { values } = parsed;
    let setup: { tool: Awaited<ReturnType<typeof loadContractFile>>; context: RequestContext };
    try {
      setup = {
        tool: await loadContractFile(resolve(io.cwd, values.tool ?? '')),
        context:
          values.context === undefined
            ? { requestId: 'cli' }
            : await readContext(resolve(io.cwd, values.context)),
      };
    } catch (error) {
      io.stderr(`airlock check: ${error instanceof Error ? error.message : 'cannot load the contract'}\n`);
      return EXIT.usage;
    }
    const gate = createGate({
      audit:
        values.audit === true
          ? jsonLinesAuditSink({ write: (line: string) => (io.stderr(line), true) })
          : { write: () => undefined },
    });
    const outcome = await gate.accept(setup.tool, inputFor(parsed.positionals[0], values, io), setup.context);
    io.stdout(JSON.stringify(outcome, null, 2) + '\n');
    return outcome.ok ? EXIT.ok : EXIT.failed;
  },
};

function inputFor(file: string | undefined, values: CheckArgs, io: CliIo): RawInput {
  const body = file === undefined || file === '-' ? io.stdin : createReadStream(resolve(io.cwd, file));
  return {
    body,
    ...(values['content-type'] === undefined ? {} : { contentType: values['content-type'] }),
    ...(values['content-encoding'] === undefined ? {} : { contentEncoding: values['content-encoding'] }),
  };
}

async function readContext(path: string): Promise<RequestContext> {
  const value = parseContractText(await readFile(path, 'utf8'));
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    typeof value.requestId !== 'string'
  ) {
    throw new Error('the context file must be an object with a string "requestId"');
  }
  return value as unknown as RequestContext;
}
