// Runs the store contract against the in-memory store.
import { createMemoryStore } from '../../src/evidence/stores/memory.js';
import { describeStoreContract } from './store-contract.js';

describeStoreContract('memory', () => {
  const store = createMemoryStore();
  return Promise.resolve({ store, dispose: () => store.close() });
});
