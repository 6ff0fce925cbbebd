// A writer process for the reliability tests: puts payloads into a SQLite vault, printing each reference id it got.
import { createEnvKeyProvider } from '../../src/evidence/keys-env.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { META, payloadFor } from './fixtures.js';

// Usage: writer-child.ts DB_PATH LABEL COUNT  (keys from AIRLOCK_VAULT_KEYS). Prints "REF INDEX" per put.
const [path, label, count] = process.argv.slice(2);
if (path === undefined || label === undefined || count === undefined)
  throw new Error('usage: DB_PATH LABEL COUNT');
const store = createSqliteStore(path);
// Its audit events are not what these tests check: kept off the test run's output.
const vault = createVault({ store, keys: createEnvKeyProvider(), audit: () => undefined });
for (let index = 0; index < Number(count); index++) {
  const ref = await vault.put(payloadFor(label, index), { ...META, requestId: `${label}.${index}` });
  // stdout to a pipe is synchronous on Linux: the line is out before the next put starts.
  process.stdout.write(`${ref} ${index}\n`);
}
await store.close();
