// Starts a proxy from its settings: stores, vault, gate, registry, the upstream, and the front the client uses.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { jsonLinesWriter } from '../audit/json-lines.js';
import { createToolRegistry } from '../calls/registry.js';
import { createFileAuditHook } from '../evidence/audit-file.js';
import { createKeyFileProvider, ensureKeyFile } from '../evidence/keys-file.js';
import { createVault } from '../evidence/vault.js';
import { createGate } from '../gate/create-gate.js';
import { createConfirmations } from './decision/confirm.js';
import { createProvenance } from './decision/provenance.js';
import type { ProxyCore } from './front/core.js';
import { createFrontServer } from './front/front-server.js';
import { listenHttp } from './front/http-front.js';
import { serveOnStdio } from './front/stdio-front.js';
import { relayUpstream } from './front/relay.js';
import { createRevalidator } from './front/revalidate.js';
import type { ProxyServer } from './front/sdk-server.js';
import type { ProxySettings } from './settings.js';
import { openProxyStores } from './stores.js';
import { connectUpstream } from './upstream/connect.js';
import { namespacedToolStore } from './upstream/namespaced-store.js';

/** How a proxy ended. */
export type StopReason = 'stopped' | 'failed';

/** A running proxy. */
export interface RunningProxy {
  /** The HTTP endpoint, when it listens on one. */
  readonly url?: string;
  /** Resolves once the proxy has stopped: `stopped` (its client went away, or `stop`), or `failed`. */
  readonly stopped: Promise<StopReason>;
  stop(): Promise<void>;
}

/** Where the proxy speaks to its operator (standard error; never the protocol stream). */
export interface ProxyIo {
  readonly cwd: string;
  readonly say: (line: string) => void;
  readonly version: string;
}

/**
 * Starts a proxy. The stores, key file (made on first use, mode 0600), vault, gate and registry are opened
 * first; over stdio the upstream is connected when the client's first message shows what it can do (so its
 * sampling, elicitation and roots are offered upstream only when the client offers them); over HTTP it is
 * connected at once, offering none of them (requests from the server cannot be routed to one of many
 * clients). Rejects when a store, the key file or the upstream cannot be opened.
 */
export async function startProxy(settings: ProxySettings, io: ProxyIo): Promise<RunningProxy> {
  const stores = await openProxyStores(settings.store, io.cwd);
  const keyFile = resolve(io.cwd, settings.keyFile);
  if (ensureKeyFile(keyFile)) io.say(`created the key file ${keyFile}`);
  const auditPath = resolve(io.cwd, settings.auditLog);
  await mkdir(dirname(auditPath), { recursive: true, mode: 0o700 });
  const auditStream = createWriteStream(auditPath, { flags: 'a', mode: 0o600 });
  const writeLine = jsonLinesWriter(auditStream);
  const vault = createVault({
    store: stores.evidence,
    keys: createKeyFileProvider(keyFile),
    audit: createFileAuditHook(auditPath),
  });
  const gate = createGate({ vault, audit: { write: writeLine }, ioTimeoutMs: settings.timeoutMs });
  const registry = createToolRegistry({ store: namespacedToolStore(stores.tools, settings.name) });
  const identity = { name: 'agent-airlock-proxy', version: io.version };
  const source = `mcp.${settings.name}`;
  const base = {
    settings,
    registry,
    gate,
    confirmations: createConfirmations(randomBytes(32), settings.confirmTimeoutMs),
    decisions: { write: writeLine },
    presenting: { source, mode: settings.wrapMode, policy: settings.policy },
    identity,
    say: io.say,
  };
  const connect = (capabilities: Record<string, unknown>) =>
    connectUpstream({
      spec: settings.upstream,
      gate,
      registry,
      source,
      uriPolicy: settings.policy,
      maxMessageBytes: settings.maxMessageBytes,
      timeoutMs: settings.timeoutMs,
      capabilities,
      identity,
    }).then((upstream): ProxyCore => ({ ...base, upstream, revalidator: createRevalidator(upstream.tools) }));
  const closeAll = async (core: ProxyCore | undefined) => {
    if (core !== undefined) closing.add(core);
    await core?.upstream.close();
    await stores.close();
    await new Promise<void>((done) => auditStream.end(done));
  };
  return settings.front.kind === 'stdio'
    ? runOnStdio(connect, closeAll, io)
    : runOnHttp(await connect({}), settings.front, closeAll, io);
}

type Close = (core: ProxyCore | undefined) => Promise<void>;

/** Runs `close` once, whoever asks first, and resolves `stopped` with the reason the first asker gave. */
function stopOnce(close: () => Promise<void>): {
  stopped: Promise<StopReason>;
  stop: (reason: StopReason) => Promise<void>;
} {
  let finish: (reason: StopReason) => void = () => undefined;
  const stopped = new Promise<StopReason>((resolve) => {
    finish = resolve;
  });
  let closing: Promise<void> | undefined;
  return {
    stopped,
    stop(reason) {
      closing ??= close().then(() => {
        finish(reason);
      });
      return closing;
    },
  };
}

function runOnStdio(
  connect: (capabilities: Record<string, unknown>) => Promise<ProxyCore>,
  close: Close,
  io: ProxyIo,
): RunningProxy {
  let core: Promise<ProxyCore> | undefined;
  const provenance = createProvenance();
  const open = async (capabilities: Record<string, unknown>): Promise<ProxyServer> => {
    core ??= connect(capabilities);
    const ready = await core.catch((error: unknown) => {
      io.say(`the server could not be started or did not answer (${errorCode(error)})`);
      void lifecycle.stop('failed');
      throw error;
    });
    const { server } = createFrontServer(ready, provenance);
    relayUpstream(ready, () => [server]);
    watchUpstream(ready, io);
    return server;
  };
  const front = serveOnStdio(
    open,
    () => {
      void lifecycle.stop('stopped');
    },
    (error) => {
      io.say(`client connection: ${error.name}`);
    },
  );
  const lifecycle = stopOnce(async () => {
    await front.close().catch(() => undefined);
    await close(await core?.catch(() => undefined));
  });
  return { stopped: lifecycle.stopped, stop: () => lifecycle.stop('stopped') };
}

async function runOnHttp(
  core: ProxyCore,
  where: { readonly host: string; readonly port: number },
  close: Close,
  io: ProxyIo,
): Promise<RunningProxy> {
  const provenance = createProvenance();
  const front = await listenHttp(
    where.host,
    where.port,
    () => createFrontServer(core, provenance).server,
    (error) => {
      io.say(`client request: ${error.name}`);
    },
  );
  relayUpstream(
    core,
    () => [],
    () => {
      front.toolsChanged();
    },
  );
  watchUpstream(core, io);
  const lifecycle = stopOnce(async () => {
    await front.close();
    await close(core);
  });
  return { url: front.url, stopped: lifecycle.stopped, stop: () => lifecycle.stop('stopped') };
}

/** Proxies being stopped: their upstream closing is expected, not news. */
const closing = new WeakSet<ProxyCore>();

/** Says when the upstream goes away; calls then end as `upstream_error` until the proxy is restarted. */
function watchUpstream(core: ProxyCore, io: ProxyIo): void {
  void core.upstream.closed.then(() => {
    if (!closing.has(core))
      io.say('the server closed its connection; calls fail until the proxy is restarted');
  });
}

/** A system error code (`ENOENT` …) or the error's name, never its message (it may hold arguments). */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z_0-9]{1,32}$/.test(code)) return code;
  return error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
}
