// The TypeScript examples of README.md, as a user would copy them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_TSCONFIG, ROOT, type PackedApp, type RunResult } from './packed-app.js';

/** One fenced `ts` or `tsx` block, its language and the heading it sits under. */
export interface ReadmeBlock {
  readonly heading: string;
  readonly language: 'ts' | 'tsx';
  readonly code: string;
}

/** Every ```ts and ```tsx block of the README, in order. */
export function readmeTypeScript(): readonly ReadmeBlock[] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks: ReadmeBlock[] = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  const headings = [...text.matchAll(/^#{1,3} (.+)$/gm)];
  for (const match of text.matchAll(fence)) {
    const language = match[1];
    if (language !== 'ts' && language !== 'tsx') continue;
    const heading = headings.filter((h) => h.index < match.index).at(-1)?.[1] ?? '';
    blocks.push({ heading, language, code: match[2] ?? '' });
  }
  return blocks;
}

/** The short example, with its request sent to `url` instead of the placeholder service. */
export function shortExample(url: string): string {
  const block = readmeTypeScript().find((candidate) => candidate.heading === 'A short example');
  if (block === undefined) throw new Error('README has no short example');
  const placeholder = /^const url = '[^']*';$/m;
  if (!placeholder.test(block.code)) throw new Error('the short example has no `const url = ...` line');
  return block.code.replace(placeholder, `const url = ${JSON.stringify(url)};`);
}

/**
 * Writes the short example, its request sent to `url`, into `app/<folder>` as the user would, compiles it with the
 * app's tsc and runs it with node; resolves with tsc's output and the run.
 */
export async function runShortExample(
  app: PackedApp,
  folder: string,
  url: string,
): Promise<{ readonly tsc: string; readonly run: RunResult }> {
  const dir = join(app.dir, folder);
  mkdirSync(dir);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG));
  writeFileSync(join(dir, 'example.ts'), shortExample(url));
  const built = await app.run('npx', ['tsc', '-p', `${dir}/tsconfig.json`]);
  return { tsc: built.stdout + built.stderr, run: await app.run('node', [join(dir, 'build/example.js')]) };
}
