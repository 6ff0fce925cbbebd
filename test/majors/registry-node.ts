// A Node release for the tests of peer majors that need a newer Node, taken from the npm registry at test time.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { IN_CI } from '../support/corpora.js';
import { ROOT, type NodeRuntime } from '../package/packed-app.js';

const run = promisify(execFile);

/**
 * The registry package that ships a Node build for this platform (`bin/node` and `include/node` inside it). It is
 * never a dependency of the project: its `bin` would shadow `node` in every npm script.
 */
const NODE_PACKAGE = `node-${process.platform}-${process.arch}`;

/** Platforms whose registry package has the layout read here. */
const PLATFORMS: ReadonlySet<string> = new Set(['linux', 'darwin']);

/** Where extracted releases are kept between runs (one folder per release). */
const CACHE = join(ROOT, 'node_modules/.cache/agent-airlock');

const FETCH_TIMEOUT_MS = 300_000;

/**
 * Node `version` (`bin/node`, its headers, and the npm running these tests, to run under it), fetched with
 * `npm pack node-<platform>-<arch>@<version>` and extracted into node_modules/.cache once. When it cannot be had,
 * throws in CI (the run must fail) and otherwise prints why the tests that need it are skipped and resolves
 * `undefined`.
 */
export async function registryNode(version: string): Promise<NodeRuntime | undefined> {
  try {
    return await fetchNode(version);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error))
      .replace(/\s+/g, ' ')
      .slice(0, 400);
    const reason = `Node ${version} could not be had from the npm registry as ${NODE_PACKAGE}@${version} (${detail})`;
    if (IN_CI) throw new Error(`${reason}; CI must be able to fetch it`, { cause: error });
    console.warn(`skipping the tests on Node ${version}: ${reason}`);
    return undefined;
  }
}

async function fetchNode(version: string): Promise<NodeRuntime> {
  if (!PLATFORMS.has(process.platform))
    throw new Error(`no registry package is read for ${process.platform}`);
  const npmCli = installedNpmCli();
  const nodedir = join(CACHE, `${NODE_PACKAGE}-${version}`);
  const node = join(nodedir, 'bin/node');
  if (!existsSync(node)) await extractInto(nodedir, `${NODE_PACKAGE}@${version}`);
  const { stdout } = await run(node, ['--version'], { timeout: 30_000 });
  if (stdout.trim() !== `v${version}`) throw new Error(`bin/node reports ${stdout.trim()}`);
  if (!existsSync(join(nodedir, 'include/node/node.h'))) throw new Error('the package holds no headers');
  return { node, nodedir, npmCli };
}

/** Packs `spec` from the registry into a staging folder beside `target`, extracts it, then moves it in place. */
async function extractInto(target: string, spec: string): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(`${target}.partial-`);
  try {
    await run('npm', ['pack', spec, '--pack-destination', staging, '--prefer-offline', '--loglevel=error'], {
      timeout: FETCH_TIMEOUT_MS,
      maxBuffer: 16 << 20,
    });
    const tgz = readdirSync(staging).find((name) => name.endsWith('.tgz'));
    if (tgz === undefined) throw new Error('npm pack wrote no tarball');
    await run('tar', ['-xzf', tgz, '--strip-components=1'], { cwd: staging, timeout: FETCH_TIMEOUT_MS });
    rmSync(join(staging, tgz));
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another run put the same release in place meanwhile: its copy stays, this one goes.
      if (!existsSync(join(target, 'bin/node'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The JavaScript entry of the npm that runs these tests (`npm-cli.js`), to run under another Node. */
function installedNpmCli(): string {
  const candidates = [
    process.env.npm_execpath,
    join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js'),
    join(dirname(process.execPath), 'node_modules/npm/bin/npm-cli.js'),
  ];
  const found = candidates.find((path) => path?.endsWith('npm-cli.js') === true && existsSync(path));
  if (found === undefined) throw new Error('the npm CLI beside this Node was not found');
  return found;
}
