// `airlock demo`: a local page that plays an agent conversation over every pack case, rendered by the sinks.
import { builtDemoAssets } from '../demo/assets.js';
import { buildDemoScript } from '../demo/build-script.js';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { discoverPacks } from '../packs/discover.js';
import { loadPack } from '../packs/load-pack.js';
import { PackError } from '../packs/pack-error.js';
import type { LoadedPack } from '../packs/pack.js';
import { shippedFixturesDir } from '../packs/shipped.js';
import { parseCommandArgs } from './args.js';
import { defineCommand, EXIT, usageError, type Command } from './command.js';
import { errorName } from './failure-line.js';

const NAME = 'demo';

/** The port the demo listens on when `--port` is not given. */
export const DEFAULT_DEMO_PORT = 4310;

const USAGE = `usage: airlock demo [DIR...] [--port N]
  Serves a local page at http://127.0.0.1:PORT/ that plays an agent conversation: for every case of the
  packs shipped with Airlock, and of each pack folder DIR, the user's question, the tool call, and the tool's
  output through the gate and the html sink (a React component), with its finding codes, its evidence
  reference and, beside it, the raw output as inert text. The page runs under a strict CSP with Trusted Types.
  --port   the port on 127.0.0.1 (default ${String(DEFAULT_DEMO_PORT)}; 0 picks a free one)
  Ctrl-C (SIGINT) or SIGTERM stops it.
  exit 0: stopped; 1: the port could not be used; 2: a usage mistake or an invalid pack.`;

/** The `demo` command: serves the demo page until SIGINT or SIGTERM, then exits 0. */
export const demoCommand: Command = defineCommand({
  path: [NAME],
  summary: 'serve a local chat page that renders every pack case under a strict CSP with Trusted Types',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs<{ readonly port?: string }>(args, { port: { type: 'string' } });
    if (!parsed.ok) return usageError(io, NAME, parsed.message);
    const port = parsePort(parsed.values.port ?? String(DEFAULT_DEMO_PORT));
    if (port === undefined) return usageError(io, NAME, '--port takes a number from 0 to 65535');
    let packs: LoadedPack[];
    try {
      packs = await loadDemoPacks(parsed.positionals, io.cwd);
    } catch (error) {
      if (!(error instanceof PackError)) throw error;
      io.stderr(`airlock ${NAME}: invalid pack: ${error.message}\n`);
      return EXIT.usage;
    }
    const assets = builtDemoAssets();
    if (assets === undefined) {
      io.stderr(`airlock ${NAME}: the demo page is not built (run npm run build:browser)\n`);
      return EXIT.usage;
    }
    const { script } = await buildDemoScript(packs);
    let server: DemoServer;
    try {
      server = await startDemoServer({ script, assets, port });
    } catch (error) {
      io.stderr(`airlock ${NAME}: cannot listen on 127.0.0.1:${String(port)} (${listenError(error)})\n`);
      return EXIT.failed;
    }
    const cases = script.packs.reduce((sum, pack) => sum + pack.cases.length, 0);
    io.stdout(`airlock demo: ${String(cases)} cases at ${server.url} (Ctrl-C stops it)\n`);
    const signal = await untilStopped();
    await server.close();
    io.stderr(`airlock ${NAME}: stopped (${signal})\n`);
    return EXIT.ok;
  },
});

function parsePort(text: string): number | undefined {
  if (!/^[0-9]{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65_535 ? port : undefined;
}

/** The shipped packs, then the packs under each folder given (a folder named twice is shown once). */
async function loadDemoPacks(dirs: readonly string[], cwd: string): Promise<LoadedPack[]> {
  const shipped = shippedFixturesDir();
  const roots = [...(shipped === undefined ? [] : [`${shipped}packs`]), ...dirs];
  if (roots.length === 0) throw new PackError('.', '', 'no pack folder: this copy ships no packs, name one');
  const packs: LoadedPack[] = [];
  for (const dir of discoverPacks(roots, cwd)) packs.push(await loadPack(dir, cwd));
  return packs;
}

function listenError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]{1,20}$/.test(code) ? code : errorName(error);
}

/** Resolves with the name of the first SIGINT or SIGTERM, then stops listening for either. */
function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
