// The scripts a majors app runs: copied into it as TypeScript, compiled there by its own tsc, run by its node.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_TSCONFIG, type PackedApp, type RunResult } from '../package/packed-app.js';
import { readmeTypeScript } from '../package/readme-blocks.js';

/**
 * The scripts, kept as `.ts.txt` beside this file: they import the installed package and the app's own peers
 * (AI SDK 7's API in one, 6's in another), so they compile only inside an app, never in this project.
 */
export type AppScript = 'common' | 'sqlite-vault' | 'redis-store' | 'hostile-tool' | 'ai6-loop' | 'ai7-loop';

/**
 * Copies `scripts` into the app, with the README's AI SDK examples beside them, and compiles them all with the
 * app's tsc under `--strict` without skipLibCheck (so the package's declarations are checked beside the app's
 * own peers).
 */
export async function compileScripts(app: PackedApp, scripts: readonly AppScript[]): Promise<RunResult> {
  for (const name of scripts) {
    const source = readFileSync(join(import.meta.dirname, 'app', `${name}.ts.txt`), 'utf8');
    writeFileSync(join(app.dir, `${name}.ts`), source);
  }
  readmeTypeScript()
    .filter((block) => block.heading === 'AI SDK' && block.language === 'ts')
    .forEach((block, index) => {
      writeFileSync(join(app.dir, `readme-ai-sdk-${index}.ts`), block.code);
    });
  writeFileSync(join(app.dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
  return app.run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { timeoutMs: 300_000 });
}

/** The error lines of a tsc run (each diagnostic's first line; its continuation lines are indented). */
export function tscErrors(result: RunResult): string[] {
  return (result.stdout + result.stderr).split('\n').filter((line) => /^\S.*error TS\d+/.test(line));
}

/**
 * Runs a compiled script with the app's node (which sees the tests' environment, AIRLOCK_TEST_REDIS included)
 * and parses the one JSON line it prints; `report` is undefined when it printed none.
 */
export async function runScript(
  app: PackedApp,
  script: AppScript,
): Promise<{ result: RunResult; report: unknown }> {
  const result = await app.run('node', [`build/${script}.js`], { timeoutMs: 120_000 });
  let report: unknown;
  try {
    report = JSON.parse(result.stdout) as unknown;
  } catch {
    report = undefined;
  }
  return { result, report };
}
