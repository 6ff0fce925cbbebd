// The proxy's stores, opened from one specification: evidence and tool state side by side in the same backend.
import type { ToolStateStore } from '../calls/tool-state.js';
import {
  connectRedis,
  openStore,
  postgresTarget,
  redisTarget,
  sqlitePath,
  storeKind,
} from '../evidence/open-store.js';
import type { EvidenceStore } from '../evidence/store.js';

/** The proxy's open stores. */
export interface ProxyStores {
  readonly evidence: EvidenceStore;
  readonly tools: ToolStateStore;
  close(): Promise<void>;
}

/**
 * Opens evidence and tool state in the backend `spec` names: one SQLite file (created with its folder when
 * missing), one PostgreSQL database (a table each, in the schema `?schema=` names, else `airlock`), or one
 * Redis server (one connection for both, keys under `?prefix=`, else `airlock:`). Every proxy pointed at the
 * same backend (and schema or prefix) shares pins, states and the kill switch.
 */
export async function openProxyStores(spec: string, cwd: string): Promise<ProxyStores> {
  switch (storeKind(spec)) {
    case 'sqlite': {
      const path = sqlitePath(spec, cwd, true);
      const { createSqliteStore } = await import('../evidence/stores/sqlite.js');
      const { createSqliteToolStore } = await import('../calls/stores/sqlite.js');
      return both(createSqliteStore(path), createSqliteToolStore(path));
    }
    case 'postgres': {
      const { createPostgresToolStore } = await import('../calls/stores/postgres.js');
      const evidence = await openStore(spec, cwd);
      try {
        return both(evidence, await createPostgresToolStore(postgresTarget(spec)));
      } catch (error) {
        await evidence.close().catch(() => undefined);
        throw error;
      }
    }
    case 'redis': {
      const { url, options } = redisTarget(spec);
      const client = await connectRedis(url);
      const { createRedisStore } = await import('../evidence/stores/redis.js');
      const { createRedisToolStore } = await import('../calls/stores/redis.js');
      return both(
        createRedisStore({ client, ...options }),
        createRedisToolStore({ client, ownsClient: true, ...options }),
      );
    }
  }
}

function both(evidence: EvidenceStore, tools: ToolStateStore): ProxyStores {
  return {
    evidence,
    tools,
    async close() {
      await evidence.close().catch(() => undefined);
      await tools.close().catch(() => undefined);
    },
  };
}
