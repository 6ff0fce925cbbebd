// The proxy's stores, opened from one specification: evidence and tool state side by side in the same backend.
import type { ToolStateStore } from '../calls/tool-state.js';
import { connectRedis, openStore, sqlitePath, storeKind } from '../evidence/open-store.js';
import type { EvidenceStore } from '../evidence/store.js';

/** The proxy's open stores. */
export interface ProxyStores {
  readonly evidence: EvidenceStore;
  readonly tools: ToolStateStore;
  close(): Promise<void>;
}

/**
 * Opens evidence and tool state in the backend `spec` names: one SQLite file (created with its folder when
 * missing), one PostgreSQL database (a table each), or one Redis server (one connection for both). Every
 * proxy pointed at the same backend shares pins, states and the kill switch.
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
      return both(evidence, await createPostgresToolStore({ connectionString: spec }));
    }
    case 'redis': {
      const client = await connectRedis(spec);
      const { createRedisStore } = await import('../evidence/stores/redis.js');
      const { createRedisToolStore } = await import('../calls/stores/redis.js');
      return both(createRedisStore({ client }), createRedisToolStore({ client, ownsClient: true }));
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
