// `airlock fixtures run DIR...`: runs fixture packs through the gate and every sink, and reports the result.
import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { KeyConfigError } from '../evidence/keys.js';
import { discoverPacks } from '../packs/discover.js';
import { openRunVault, VaultSpecError, type RunVault } from '../packs/evidence.js';
import { loadPack } from '../packs/load-pack.js';
import type { LoadedPack } from '../packs/pack.js';
import { displayPath } from '../packs/paths.js';
import { createProgress } from './progress.js';
import { formatJsonReport } from '../packs/report-json.js';
import { formatJunitReport } from '../packs/report-junit.js';
import { formatSarifReport } from '../packs/report-sarif.js';
import { formatTextReport } from '../packs/report-text.js';
import type { RunReport } from '../packs/results.js';
import { runPacks } from '../packs/run.js';
import { parseCommandArgs } from './args.js';
import { PackError } from '../packs/pack-error.js';
import { defineCommand, EXIT, usageError, type CliIo, type Command } from './command.js';
import { storeFailure } from './store-failure.js';

const NAME = 'fixtures run';

interface FixturesArgs {
  readonly format?: string;
  readonly out?: string;
  readonly vault?: string;
  readonly 'key-file'?: string;
}

const FORMATTERS: Readonly<Record<string, (report: RunReport) => string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, (report: RunReport) => string>, {
    text: formatTextReport,
    json: formatJsonReport,
    junit: (report: RunReport) => formatJunitReport(report),
    sarif: formatSarifReport,
  }),
);

const USAGE = `usage: airlock fixtures run DIR... [--format text|json|junit|sarif] [--out FILE]
                            [--vault sqlite:PATH [--key-file FILE]]
  DIR is a pack folder (holding pack.json) or a folder of pack folders; the packs shipped with Airlock are
  in node_modules/agent-airlock/fixtures/packs.
  --out writes the report to FILE (its folder must exist) and prints the text report.
  --vault keeps every raw response encrypted; without --key-file a key file is made beside the database.
  A progress bar is shown on a terminal (not when CI is set).
  exit 0: every case passed; 1: a case failed; 2: an invalid pack or usage.`;

/** The `fixtures run` command: exit 0 when every case passed, 1 when one failed, 2 for an invalid pack or usage. */
export const fixturesRunCommand: Command = defineCommand({
  path: ['fixtures', 'run'],
  summary: 'run fixture packs (malicious and benign tool results) and report each expectation',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs<FixturesArgs>(args, {
      format: { type: 'string' },
      out: { type: 'string' },
      vault: { type: 'string' },
      'key-file': { type: 'string' },
    });
    if (!parsed.ok) return usageError(io, NAME, parsed.message);
    const { values, positionals } = parsed;
    const format = values.format ?? 'text';
    const formatter = FORMATTERS[format];
    if (formatter === undefined) return usageError(io, NAME, `unknown format "${format}"`);
    if (positionals.length === 0) return usageError(io, NAME, 'no DIR given');
    if (values['key-file'] !== undefined && values.vault === undefined)
      return usageError(io, NAME, '--key-file needs --vault');
    const out = values.out === undefined ? undefined : resolve(io.cwd, values.out);
    if (out !== undefined && !isFolder(dirname(out)))
      return usageError(io, NAME, `the folder of --out ${values.out} does not exist`);
    let packs: LoadedPack[];
    try {
      packs = await loadAll(positionals, io.cwd);
    } catch (error) {
      if (!(error instanceof PackError)) throw error;
      io.stderr(`airlock ${NAME}: invalid pack: ${error.message}\n`);
      return EXIT.usage;
    }
    const opened = openVault(values, io);
    if (!opened.ok) return EXIT.usage;
    try {
      const progress = createProgress(io);
      const report = await runPacks(packs, {
        ...(opened.vault === undefined ? {} : { vault: opened.vault.vault }),
        onCase: progress.onCase,
      });
      progress.finish();
      if (out === undefined) io.stdout(formatter(report));
      else {
        await writeFile(out, formatter(report));
        io.stdout(formatTextReport(report));
      }
      return report.failed === 0 ? EXIT.ok : EXIT.failed;
    } finally {
      await opened.vault?.close();
    }
  },
});

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

async function loadAll(dirs: readonly string[], cwd: string): Promise<LoadedPack[]> {
  const packs: LoadedPack[] = [];
  for (const dir of discoverPacks(dirs, cwd)) packs.push(await loadPack(dir, cwd));
  return packs;
}

type OpenedVault = { readonly ok: true; readonly vault?: RunVault } | { readonly ok: false };

function openVault(values: FixturesArgs, io: CliIo): OpenedVault {
  if (values.vault === undefined) return { ok: true };
  try {
    const vault = openRunVault(values.vault, io.cwd, values['key-file']);
    if (vault.keyFileCreated)
      io.stderr(
        `airlock fixtures run: created the key file ${displayPath(io.cwd, vault.keyFile)} (mode 0600)\n`,
      );
    return { ok: true, vault };
  } catch (error) {
    const detail =
      error instanceof VaultSpecError || error instanceof KeyConfigError
        ? error.message
        : storeFailure(error, values.vault.slice('sqlite:'.length));
    if (error instanceof VaultSpecError) usageError(io, NAME, detail);
    else io.stderr(`airlock ${NAME}: ${detail}\n`);
    return { ok: false };
  }
}
