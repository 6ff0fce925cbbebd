// An audit hook that appends each evidence audit event as one JSON line to a file only its owner may read.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EvidenceAuditHook } from './audit.js';

/**
 * Appends every event to `path` as one JSON line (the file and its folder created private to the owner).
 * A write that fails rejects, so the vault refuses a read it could not record. The append is synchronous, as
 * the embedded store's writes are: a line reaches the page cache in microseconds, while an asynchronous append
 * (open, write, close on the thread pool) makes each put wait three turns of a busy event loop.
 */
export function createFileAuditHook(path: string): EvidenceAuditHook {
  let folderReady = false;
  return (event) =>
    new Promise<void>((resolve) => {
      if (!folderReady) {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        folderReady = true;
      }
      appendFileSync(path, JSON.stringify(event) + '\n', { mode: 0o600 });
      resolve();
    });
}
