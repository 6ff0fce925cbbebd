// An audit hook that appends each evidence audit event as one JSON line to a file only its owner may read.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EvidenceAuditHook } from './audit.js';

/**
 * Appends every event to `path` as one JSON line (the file and its folder created private to the owner).
 * A write that fails rejects, so the vault refuses a read it could not record.
 */
export function createFileAuditHook(path: string): EvidenceAuditHook {
  let folderReady: Promise<unknown> | undefined;
  return async (event) => {
    folderReady ??= mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await folderReady;
    await appendFile(path, JSON.stringify(event) + '\n', { mode: 0o600 });
  };
}
