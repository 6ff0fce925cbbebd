// The `agent-airlock/vault` entry: the encrypted evidence vault, key providers and stores (clients load on use).
export { createVault } from './evidence/vault.js';
export type { Vault, VaultOptions } from './evidence/vault.js';
export type { EvidenceMeta } from './vocabulary/evidence-writer.js';
export type { Principal } from './evidence/access.js';
export { isEvidenceRef } from './evidence/ref.js';
export type { EvidenceRef } from './evidence/ref.js';
export { EVIDENCE_READ_CODES } from './evidence/results.js';
export type {
  GetResult,
  RevokeResult,
  RewrapReport,
  EvidenceReadCode,
  EvidenceRecord,
} from './evidence/results.js';
export type { EvidenceAuditEvent, EvidenceAuditHook } from './evidence/audit.js';
export { createFileAuditHook } from './evidence/audit-file.js';
export { jsonLinesEvidenceAuditHook } from './evidence/audit-stream.js';
export { KeyConfigError, createStaticKeyProvider, buildKeyRing, generateKey } from './evidence/keys.js';
export type { KeyProvider, KeyRing } from './evidence/keys.js';
export { createEnvKeyProvider } from './evidence/keys-env.js';
export { createKeyFileProvider } from './evidence/keys-file.js';
export { DEFAULT_EVIDENCE_TTL_MS } from './evidence/defaults.js';
export type { EvidenceStore } from './evidence/store.js';
export { createMemoryStore } from './evidence/stores/memory.js';
export { createSqliteStore } from './evidence/stores/sqlite.js';
export { createPostgresStore } from './evidence/stores/postgres.js';
export type { PostgresStoreOptions } from './evidence/stores/postgres.js';
export { createRedisStore } from './evidence/stores/redis.js';
export type { RedisStoreOptions } from './evidence/stores/redis.js';
export { MissingPeerError } from './peers/load-peer.js';
