// The proxy's evidence side: its key file, vault, gate and audit log, and the key its confirmations are sealed with.
import { hkdfSync } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { jsonLinesWriter } from '../audit/json-lines.js';
import { createFileAuditHook } from '../evidence/audit-file.js';
import { createKeyFileProvider, ensureKeyFile } from '../evidence/keys-file.js';
import { storeKind } from '../evidence/open-store.js';
import { createVault } from '../evidence/vault.js';
import { createGate, type Gate } from '../gate/create-gate.js';
import { ProxyConfigError } from './config/config-error.js';
import type { ProxySettings } from './settings.js';
import type { ProxyStores } from './stores.js';

/** What the proxy's calls are recorded with. */
export interface ProxyEvidence {
  readonly gate: Gate;
  /** Appends one JSON line to the audit log (gate records and permission decisions alike). */
  readonly writeLine: (value: unknown) => Promise<void>;
  /**
   * The key confirmation states are sealed with: derived from the key file's current key, so every proxy that
   * shares the key file (a fleet behind a load balancer) accepts a confirmation another one asked for.
   */
  readonly confirmationKey: Uint8Array;
  /** Ends the audit log once everything written has been flushed. */
  close(): Promise<void>;
}

/**
 * Opens the evidence side. A missing key file is made (one fresh key, mode 0600) only beside an embedded
 * SQLite store: proxies sharing a PostgreSQL or Redis store must share one key file, and one that made its own
 * would keep evidence nobody else can read, so a missing file is a configuration mistake there.
 */
export async function openEvidence(
  settings: ProxySettings,
  stores: ProxyStores,
  cwd: string,
  say: (line: string) => void,
): Promise<ProxyEvidence> {
  const keyFile = resolve(cwd, settings.keyFile);
  if (!existsSync(keyFile) && storeKind(settings.store) !== 'sqlite')
    throw new ProxyConfigError(
      `the key file ${keyFile} does not exist: proxies on a shared store share one key file; create it once ` +
        `with airlock keys rotate --init --key-file ${keyFile} and give it to every proxy`,
    );
  if (ensureKeyFile(keyFile)) say(`created the key file ${keyFile}`);
  const keys = createKeyFileProvider(keyFile);
  const current = await keys.keyById(await keys.currentKeyId());
  if (current === undefined) throw new ProxyConfigError(`the key file ${keyFile} holds no current key`);
  const confirmationKey = new Uint8Array(
    hkdfSync('sha256', current, 'agent-airlock', 'proxy confirmations', 32),
  );
  const auditPath = resolve(cwd, settings.auditLog);
  await mkdir(dirname(auditPath), { recursive: true, mode: 0o700 });
  const auditStream = createWriteStream(auditPath, { flags: 'a', mode: 0o600 });
  const writeLine = jsonLinesWriter(auditStream);
  const vault = createVault({ store: stores.evidence, keys, audit: createFileAuditHook(auditPath) });
  const gate = createGate({ vault, audit: { write: writeLine }, ioTimeoutMs: settings.timeoutMs });
  return {
    gate,
    writeLine,
    confirmationKey,
    close: () =>
      new Promise<void>((done) => {
        auditStream.end(done);
      }),
  };
}
