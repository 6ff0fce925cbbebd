// Starts a proxy from its settings: stores, vault, gate, registry, the upstream, and the front the client uses.
import { createToolRegistry } from '../calls/registry.js';
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
import { loadToolContracts } from './config/load-contracts.js';
import { openEvidence } from './evidence-setup.js';
import { openProxyStores } from './stores.js';
import { connectUpstream } from './upstream/connect.js';
import { namespacedToolStore } from './upstream/namespaced-store.js';
import { closingOnPurpose, startFailure, watchUpstream } from './upstream/upstream-news.js';

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
  /**
   * Stops the proxy when it fires (SIGINT, SIGTERM), at any moment: while it starts, while the upstream's
   * handshake is under way (it is given up), or while it serves.
   */
  readonly signal?: AbortSignal;
}

/**
 * Starts a proxy. The contracts the configuration names are loaded first (a bad one ends the start before
 * anything is opened); then the stores, key file (made on first use, mode 0600), vault, gate and registry.
 * Over stdio the upstream is connected when the client's first message shows what it can do (so its
 * sampling, elicitation and roots are offered upstream only when the client offers them); over HTTP it is
 * connected at once, offering none of them (requests from the server cannot be routed to one of many
 * clients). Rejects when a contract, a store or the key file cannot be opened. An upstream that cannot be
 * started or does not answer its handshake in time is said on the operator's channel and ends the proxy as
 * `failed`; a signal while it starts ends it as `stopped`. Whatever was opened is closed first, the
 * upstream's process included.
 */
export async function startProxy(settings: ProxySettings, io: ProxyIo): Promise<RunningProxy> {
  const contracts = await loadToolContracts(settings.contracts);
  const stores = await openProxyStores(settings.store, io.cwd);
  const evidence = await openEvidence(settings, stores, io.cwd, io.say).catch(async (error: unknown) => {
    await stores.close();
    throw error;
  });
  const { gate, writeLine } = evidence;
  const registry = createToolRegistry({ store: namespacedToolStore(stores.tools, settings.name) });
  const identity = { name: 'agent-airlock-proxy', version: io.version };
  const source = `mcp.${settings.name}`;
  const base = {
    settings,
    registry,
    gate,
    confirmations: createConfirmations(evidence.confirmationKey, settings.confirmTimeoutMs),
    decisions: { write: writeLine },
    presenting: { source, mode: settings.wrapMode, policy: settings.policy },
    identity,
    say: io.say,
  };
  // Stopping gives up a handshake still under way: a server that never answers cannot hold the proxy.
  const halt = new AbortController();
  stopOn(io.signal, () => {
    halt.abort();
  });
  const connect = (capabilities: Record<string, unknown>) =>
    connectUpstream({
      spec: settings.upstream,
      gate,
      registry,
      source,
      uriPolicy: settings.policy,
      instructions: settings.instructions,
      contracts,
      maxMessageBytes: settings.maxMessageBytes,
      timeoutMs: settings.timeoutMs,
      capabilities,
      identity,
      signal: halt.signal,
    }).then((upstream): ProxyCore => ({ ...base, upstream, revalidator: createRevalidator(upstream.tools) }));
  const closeAll = async (core: ProxyCore | undefined) => {
    if (core !== undefined) closingOnPurpose(core.upstream);
    await core?.upstream.close();
    await stores.close();
    await evidence.close();
  };
  if (settings.front.kind === 'stdio') return runOnStdio(connect, closeAll, io, halt);
  const core = await connect({}).catch((error: unknown) => {
    if (!halt.signal.aborted) io.say(startFailure(error));
  });
  if (core === undefined) {
    await closeAll(undefined);
    return { stopped: Promise.resolve(halt.signal.aborted ? 'stopped' : 'failed'), stop: async () => {} };
  }
  try {
    return await runOnHttp(core, settings.front, closeAll, io, halt);
  } catch (error) {
    await closeAll(core);
    throw error;
  }
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
      // Set before `close` runs: whatever it sets off that asks to stop again finds it under way.
      closing ??= Promise.resolve()
        .then(close)
        .then(() => {
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
  halt: AbortController,
): RunningProxy {
  let core: Promise<ProxyCore> | undefined;
  const provenance = createProvenance();
  const open = async (capabilities: Record<string, unknown>): Promise<ProxyServer> => {
    core ??= connect(capabilities);
    const ready = await core.catch((error: unknown) => {
      if (!halt.signal.aborted) io.say(startFailure(error));
      void lifecycle.stop('failed');
      throw error;
    });
    const { server } = createFrontServer(ready, provenance);
    relayUpstream(ready, () => [server]);
    watchUpstream(ready.upstream, io.say);
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
    halt.abort();
    await front.close().catch(() => undefined);
    await close(await core?.catch(() => undefined));
  });
  stopOn(halt.signal, () => {
    void lifecycle.stop('stopped');
  });
  return { stopped: lifecycle.stopped, stop: () => lifecycle.stop('stopped') };
}

async function runOnHttp(
  core: ProxyCore,
  where: { readonly host: string; readonly port: number },
  close: Close,
  io: ProxyIo,
  halt: AbortController,
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
  watchUpstream(core.upstream, io.say);
  const lifecycle = stopOnce(async () => {
    halt.abort();
    await front.close();
    await close(core);
  });
  stopOn(halt.signal, () => {
    void lifecycle.stop('stopped');
  });
  return { url: front.url, stopped: lifecycle.stopped, stop: () => lifecycle.stop('stopped') };
}

/** Calls `stop` when `signal` fires, at once when it already has. */
function stopOn(signal: AbortSignal | undefined, stop: () => void): void {
  if (signal?.aborted === true) stop();
  else signal?.addEventListener('abort', stop, { once: true });
}
