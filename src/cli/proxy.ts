// `airlock proxy`: puts Airlock in front of any MCP server, for any MCP client, over stdio or Streamable HTTP.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { storeKind } from '../evidence/open-store.js';
import { parseCommandArgs } from './args.js';
import { configFile } from './config-path.js';
import { defineCommand, EXIT, usageError, type CliIo, type Command } from './command.js';
import { packageVersion } from './version.js';

const USAGE = `usage: airlock proxy [options] -- COMMAND [ARGS…]
       airlock proxy --listen HOST:PORT [options] [--upstream URL | -- COMMAND [ARGS…]]
  Serves an MCP client (on standard input and output, or over HTTP with --listen) in front of an MCP server
  (the command, spawned; or --upstream URL). Every tool result passes the gate: prose reaches the client's
  model inside an untrusted boundary, secrets redacted, links held to the egress policy, a refused result
  as an error naming its code; raw bytes go to the evidence vault. Tool definitions are pinned: a tool is
  shown only once approved (airlock tools approve), and quarantined again when its definition changes.
  --config FILE       airlock.config.json (default: $AIRLOCK_CONFIG, or ./airlock.config.json when present)
  --server NAME       which server of the config file to run (needed when it names several)
  --name NAME         the server's name: its tools are NAME.TOOL in the store (default: the config's, or "default")
  --upstream URL      a Streamable HTTP server instead of a command
  --listen HOST:PORT  serve MCP over HTTP at http://HOST:PORT/mcp (":0" picks a free port; the URL is printed)
  --approve MODE      none (default: every tool waits for approval) or first-use
  --hosts LIST        hosts links and images in results may point at, comma-separated, or "any" (default)
  --tenant T          tenant of the evidence records (default "default")
  --wrap MODE         how prose is wrapped: tags (default), json, datamark, base64
  --instructions P    text shaped like instructions to the assistant in results: ignore (default),
                      report (a notice and the text.instruction code in _meta) or reject (an error)
  --env NAME=VALUE    a variable for the server (repeatable; it inherits only HOME, PATH, USER … otherwise)
  --store S           evidence and tool state: a SQLite file, or a postgres:// or redis:// URL
                      (default ~/.local/state/agent-airlock/airlock.sqlite, or under $AIRLOCK_HOME);
                      ?schema=NAME (PostgreSQL) or ?prefix=P (Redis) keeps them apart on a shared server
  --key-file F        the vault's key file, created when missing (default beside the default store)
  --audit-log F       where audit records are appended (default beside the default store)
  Stops on SIGINT or SIGTERM, or when the client closes standard input. exit 0: stopped; 1: the server or a
  store could not be reached; 2: a usage or configuration mistake.`;

/** The `proxy` command. */
export const proxyCommand: Command = defineCommand({
  path: ['proxy'],
  summary: 'serve an MCP client in front of an MCP server, every tool result through the gate',
  usage: USAGE,
  async run(args, io) {
    const split = args.indexOf('--');
    const own = split === -1 ? args : args.slice(0, split);
    const command = split === -1 ? [] : args.slice(split + 1);
    const parsed = parseCommandArgs<Record<string, string | string[] | undefined>>(own, {
      config: { type: 'string' },
      server: { type: 'string' },
      name: { type: 'string' },
      upstream: { type: 'string' },
      listen: { type: 'string' },
      approve: { type: 'string' },
      hosts: { type: 'string' },
      tenant: { type: 'string' },
      wrap: { type: 'string' },
      instructions: { type: 'string' },
      env: { type: 'string', multiple: true },
      store: { type: 'string' },
      'key-file': { type: 'string' },
      'audit-log': { type: 'string' },
    });
    if (!parsed.ok) return usageError(io, 'proxy', parsed.message);
    if (parsed.positionals.length > 0) return usageError(io, 'proxy', 'put the server command after --');
    const values = parsed.values as Record<string, string | undefined> & { env?: string[] };
    return runProxy(values, command, io);
  },
});

async function runProxy(
  values: Record<string, string | undefined> & { readonly env?: string[] },
  command: readonly string[],
  io: CliIo,
): Promise<number> {
  // The proxy and the MCP SDK load only for this command.
  const { loadProxyConfig } = await import('../proxy/config/load-config.js');
  const { resolveSettings } = await import('../proxy/config/resolve-settings.js');
  const { startProxy } = await import('../proxy/run.js');
  const configPath = configFile(values.config, io);
  const config = configPath === undefined ? {} : await loadProxyConfig(configPath);
  const settings = resolveSettings(
    {
      server: values.server,
      name: values.name,
      upstream: values.upstream,
      listen: values.listen,
      approve: values.approve,
      hosts: values.hosts,
      tenant: values.tenant,
      wrap: values.wrap,
      instructions: values.instructions,
      store: values.store === undefined ? undefined : storePath(values.store, io.cwd),
      keyFile: values['key-file'] === undefined ? undefined : resolve(io.cwd, values['key-file']),
      auditLog: values['audit-log'] === undefined ? undefined : resolve(io.cwd, values['audit-log']),
      env: values.env ?? [],
      command,
    },
    config,
    { configPath, cwd: io.cwd, env: io.env, home: io.env.HOME ?? homedir() },
  );
  const say = (line: string) => {
    io.stderr(`airlock proxy: ${line}\n`);
  };
  // Listened for from the start: a signal while the server is still starting stops the proxy too.
  const stopping = new AbortController();
  const stop = () => {
    stopping.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const running = await startProxy(settings, {
      cwd: io.cwd,
      say,
      version: packageVersion(),
      signal: stopping.signal,
    });
    if (running.url !== undefined) say(`listening on ${running.url}`);
    return (await running.stopped) === 'stopped' ? EXIT.ok : EXIT.failed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** A `--store` value: a SQLite path is taken from the working folder, a URL as it is. */
function storePath(spec: string, cwd: string): string {
  return storeKind(spec) === 'sqlite' ? resolve(cwd, spec) : spec;
}
