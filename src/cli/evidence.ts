// `airlock evidence get|purge|revoke`: read raw evidence back as an operator, purge expired records, revoke one.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineVaultCommand } from './vault-command.js';
import { cliKeyProvider, NO_KEYS } from './vault-setup.js';
import { EXIT } from './command.js';
import type { CliIo, Command } from './command.js';

/**
 * `airlock evidence get REF --role ROLE --tenant TENANT`: writes the record's raw bytes to stdout (or, with
 * `--out FILE`, to a new file readable by its owner only) and exits 0. A refusal or any other failure exits 1
 * with its code and no data; every attempt is appended to the audit log.
 */
export const evidenceGetCommand: Command = defineVaultCommand({
  path: ['evidence', 'get'],
  summary: 'Read raw evidence back by reference id (needs an evidence-reader role and the record’s tenant).',
  options: {
    role: { type: 'string' },
    tenant: { type: 'string' },
    principal: { type: 'string' },
    out: { type: 'string' },
  },
  usage: 'REF --role ROLE --tenant TENANT [--principal ID] [--out FILE]',
  positionals: 1,
  required: ['role', 'tenant'],
  keys: ({ values }, io) => cliKeyProvider(values, io),
  async work(vault, { values, positionals }, io) {
    const { role = '', tenant = '', principal, out } = values;
    const result = await vault.get(positionals[0] ?? '', {
      role,
      tenant,
      ...(principal === undefined ? {} : { id: principal }),
    });
    if (!result.ok)
      return fail(io, 'evidence get', result.code === 'refused' ? `refused (${result.reason})` : result.code);
    if (out !== undefined) {
      try {
        await writeFile(resolve(io.cwd, out), result.record.raw, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        const exists = (error as { code?: unknown }).code === 'EEXIST';
        io.stderr(
          `airlock evidence get: --out ${exists ? 'names a file that already exists' : 'cannot be written'}\n`,
        );
        return EXIT.usage;
      }
      return EXIT.ok;
    }
    io.stdout(result.record.raw);
    return EXIT.ok;
  },
});

/** `airlock evidence purge`: deletes every record past its TTL and prints how many. Needs no keys. */
export const evidencePurgeCommand: Command = defineVaultCommand({
  path: ['evidence', 'purge'],
  summary: 'Delete every evidence record past its retention time.',
  options: {},
  usage: '',
  positionals: 0,
  keys: () => NO_KEYS,
  async work(vault, _args, io) {
    io.stdout(`purged ${await vault.purge()} expired evidence records\n`);
    return EXIT.ok;
  },
});

/** `airlock evidence revoke REF`: erases one record's payload and key material now. Needs no keys. */
export const evidenceRevokeCommand: Command = defineVaultCommand({
  path: ['evidence', 'revoke'],
  summary: 'Erase one evidence record now, leaving a tombstone until its retention time.',
  options: {},
  usage: 'REF',
  positionals: 1,
  keys: () => NO_KEYS,
  async work(vault, { positionals }, io) {
    const result = await vault.revoke(positionals[0] ?? '');
    return result.ok ? EXIT.ok : fail(io, 'evidence revoke', result.code);
  },
});

function fail(io: CliIo, command: string, detail: string): number {
  io.stderr(`airlock ${command}: ${detail}\n`);
  return EXIT.failed;
}
