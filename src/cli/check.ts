// `airlock check`: runs one tool result through the gate under a JSON contract and prints the outcome.
import { resolve } from 'node:path';
import type { AuditRecord } from '../audit/record.js';
import { memoryAuditSink } from '../audit/sinks.js';
import type { RequestContext } from '../bind/rules.js';
import { loadContractFile, readConfigJson } from '../contract/contract-file.js';
import { createGate } from '../gate/create-gate.js';
import { openFileStream } from '../read/config-file.js';
import type { RawBody, TransportEnvelope } from '../read/input.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { parseCommandArgs } from './args.js';
import { defineCommand, EXIT, usageError, type CliIo, type Command } from './command.js';
import { stderrAuditSink } from './stderr-audit.js';

interface CheckArgs {
  readonly tool?: string;
  readonly context?: string;
  readonly 'content-type'?: string;
  readonly 'content-encoding'?: string;
  readonly audit?: boolean;
}

const USAGE = `usage: airlock check --tool CONTRACT.json [--context CONTEXT.json] [--content-type T]
                     [--content-encoding E] [--audit] [FILE|-]
  Runs one tool result (FILE, or standard input) through the gate and prints the outcome as JSON.
  --tool      a JSON contract file (format: agent-airlock/contract.schema.json)
  --context   the trusted request context as JSON: {"requestId": "...", "tenant": "...", "limit": 10,
              "cursor": "...", "now": "2026-01-01T00:00:00Z", ...}; default {"requestId": "cli"}
  --content-type, --content-encoding   transport facts of the result (the read stage checks them)
  --audit     write the full audit record (one JSON line) to standard error instead of the short reason
  exit 0: accepted; 1: rejected (the stage and detailed code are printed on standard error); 2: usage,
  contract or context mistake.`;

/** The `check` command: exit 0 when accepted, 1 when rejected, 2 on a usage or contract error. */
export const checkCommand: Command = defineCommand({
  path: ['check'],
  summary: 'check one tool result against a JSON contract and print the outcome',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs<CheckArgs>(args, {
      tool: { type: 'string' },
      context: { type: 'string' },
      'content-type': { type: 'string' },
      'content-encoding': { type: 'string' },
      audit: { type: 'boolean' },
    });
    if (!parsed.ok) return usageError(io, 'check', parsed.message);
    const { values, positionals } = parsed;
    if (values.tool === undefined) return usageError(io, 'check', '--tool CONTRACT.json is required');
    if (positionals.length > 1) return usageError(io, 'check', 'give one FILE (or - for standard input)');
    const tool = await loadContractFile(resolve(io.cwd, values.tool));
    const context =
      values.context === undefined
        ? { requestId: 'cli' }
        : await readContext(resolve(io.cwd, values.context));
    const body = inputFor(positionals[0], io);
    const records = memoryAuditSink();
    const gate = createGate({ audit: values.audit === true ? stderrAuditSink(io) : records });
    const outcome = await gate.accept(tool, { body, ...transportFacts(values) }, context);
    io.stdout(JSON.stringify(outcome, null, 2) + '\n');
    const record = records.records[0];
    if (!outcome.ok && record !== undefined) io.stderr(`airlock check: ${rejection(record)}\n`);
    return outcome.ok ? EXIT.ok : EXIT.failed;
  },
});

function inputFor(file: string | undefined, io: CliIo): RawBody {
  if (file === undefined || file === '-') return io.stdin;
  return openFileStream(resolve(io.cwd, file), {
    what: 'the result file',
    maxBytes: Number.MAX_SAFE_INTEGER,
    timeoutMs: 0,
  });
}

function transportFacts(values: CheckArgs): Omit<TransportEnvelope, 'body'> {
  return {
    ...(values['content-type'] === undefined ? {} : { contentType: values['content-type'] }),
    ...(values['content-encoding'] === undefined ? {} : { contentEncoding: values['content-encoding'] }),
  };
}

/** The rejection's stage, detailed code and location: codes and redacted pointers, never input bytes. */
function rejection(record: AuditRecord): string {
  const issue = record.issue;
  if (issue === undefined) return `rejected: ${record.code ?? 'unknown'}`;
  const where = [
    issue.pointer === undefined ? '' : ` at ${issue.pointer === '' ? '(root)' : issue.pointer}`,
    issue.offset === undefined ? '' : ` at byte ${issue.offset}`,
    issue.schemaPath === undefined ? '' : ` (schema ${issue.schemaPath})`,
    issue.limit === undefined ? '' : ` (limit ${issue.limit})`,
  ].join('');
  return `rejected: ${record.code ?? 'unknown'} in ${issue.stage}: ${issue.code}${where}`;
}

async function readContext(path: string): Promise<RequestContext> {
  const value = await readConfigJson(path, 'the context file');
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    typeof value.requestId !== 'string'
  ) {
    throw new ContractError(
      'contract.invalid_definition',
      '',
      `The context file ${path} must be an object with a string "requestId"`,
    );
  }
  return value as unknown as RequestContext;
}
