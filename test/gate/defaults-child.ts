// A process that uses the README's defaults: a gate and a vault built without an audit hook or sink.
import { createEnvKeyProvider } from '../../src/evidence/keys-env.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';

// Usage: defaults-child.ts DB_PATH (keys from AIRLOCK_VAULT_KEYS). Prints the outcome and read results on stdout.
const [path] = process.argv.slice(2);
if (path === undefined) throw new Error('usage: DB_PATH');
const store = createSqliteStore(path);
const gate = createGate({ vault: createVault({ store, keys: createEnvKeyProvider() }) });
const outcome = await gate.accept(
  defineTool(deploymentContract),
  JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' }),
  { requestId: REQUEST_ID, tenant: 'tenant-a' },
);
const reader = createVault({ store, keys: createEnvKeyProvider() });
const ref = outcome.meta.evidence ?? '';
const read = await reader.get(ref, { role: 'security-operator', tenant: 'tenant-a' });
const refused = await reader.get(ref, { role: 'agent', tenant: 'tenant-a' });
process.stdout.write(JSON.stringify({ ok: outcome.ok, ref, read: read.ok, refused: refused.ok }) + '\n');
await store.close();
