// The gate's configuration, checked where it is given: a wrong option or argument is a TypeError saying what fits.
import { discardInput } from '../read/hold.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasMethod = (value: unknown, name: string): boolean =>
  isObject(value) && typeof value[name] === 'function';

/**
 * Checks `createGate`'s options: an `audit` sink has a `write(record)` method, a `vault` a `put(raw, meta)`
 * method, `evidence` is `required` or `best-effort`, `clock` is a function. Throws a TypeError naming the
 * option and what it takes, so a mistake is found when the gate is created, not as `internal_error` on
 * every later call.
 */
export function assertGateOptions(options: unknown): void {
  if (!isObject(options)) throw new TypeError('createGate takes an options object, or nothing.');
  if (options.audit !== undefined && !hasMethod(options.audit, 'write'))
    throw new TypeError(
      'createGate: `audit` must be an audit sink, an object with a write(record) method that returns ' +
        'nothing or a promise (memoryAuditSink(), jsonLinesAuditSink(stream), or your own). ' +
        '`console` is not one: use jsonLinesAuditSink(process.stdout).',
    );
  if (options.vault !== undefined && !hasMethod(options.vault, 'put'))
    throw new TypeError(
      'createGate: `vault` must be an evidence writer, an object with a put(raw, meta) method that returns a ' +
        "promise of a reference id: createVault({ store, keys }) from 'agent-airlock/vault'.",
    );
  if (options.evidence !== undefined && options.evidence !== 'required' && options.evidence !== 'best-effort')
    throw new TypeError("createGate: `evidence` is 'required' (the default) or 'best-effort'.");
  if (options.clock !== undefined && typeof options.clock !== 'function')
    throw new TypeError('createGate: `clock` must be a function returning milliseconds since the epoch.');
}

/**
 * Checks the caller's half of `gate.accept`: `tool` is a definition from `defineTool`, `context` an object with a
 * non-empty string `requestId`. These are the caller's configuration, not tool output, so a mistake is a
 * TypeError (the accept promise rejects with it) rather than an outcome; the raw input is let go first, so a
 * stream nobody will read never fails unheard.
 */
export function assertCallArguments(tool: unknown, raw: unknown, context: unknown): void {
  let problem: string | undefined;
  if (!isObject(tool) || typeof tool.name !== 'string' || !isObject(tool.contract))
    problem = 'the first argument must be a tool definition from defineTool(…)';
  else if (!isObject(context) || typeof context.requestId !== 'string' || context.requestId === '')
    problem =
      'the third argument, the request context, must be an object with a non-empty string `requestId` ' +
      "(the id created for this call), such as { requestId: 'req.J7q94MkP', tenant: 'acme' }";
  if (problem === undefined) return;
  discardInput(raw);
  throw new TypeError(`gate.accept: ${problem}.`);
}
