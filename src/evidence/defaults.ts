// Frozen defaults of the evidence vault: retention, reader roles, reference and key-id formats, field bounds.

/** How long a record is kept when the vault sets no TTL: 72 hours, in milliseconds. */
export const DEFAULT_EVIDENCE_TTL_MS = 72 * 60 * 60 * 1000;

/** The roles allowed to read raw evidence when the vault names none. */
export const DEFAULT_EVIDENCE_READERS: readonly string[] = Object.freeze(['security-operator']);

/** The prefix every reference id starts with, so one is recognisable in logs and outcomes. */
export const EVIDENCE_REF_PREFIX = 'ev_';

/** Random bytes behind a reference id: 192 bits, above the 128-bit floor for unguessable ids. */
export const EVIDENCE_REF_RANDOM_BYTES = 24;

/** The shape of a key-encryption key id (also safe to print and to store in a column). */
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Longest tool name, schema version, tenant or request id a record may carry, in UTF-16 code units. */
export const MAX_META_LENGTH = 256;

/** Characters a metadata label may not hold: controls and line separators (labels are printed in audit lines). */
export const META_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;

/** The environment variable the built-in environment key provider reads. */
export const DEFAULT_KEYS_VARIABLE = 'AIRLOCK_VAULT_KEYS';

/** Where the CLI keeps its SQLite evidence file when `--store` is not given (relative to the working folder). */
export const DEFAULT_CLI_STORE = '.data/evidence.sqlite';

/** Where the CLI appends its evidence audit events when `--audit-log` is not given. */
export const DEFAULT_CLI_AUDIT_LOG = '.data/evidence-audit.jsonl';

/** The shape of a PostgreSQL schema or table name the store accepts (interpolated into SQL, so checked). */
export const SQL_IDENTIFIER_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** The shape of a Redis key prefix the store accepts (no glob characters, so SCAN patterns stay exact). */
export const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9:._-]{1,64}$/;
