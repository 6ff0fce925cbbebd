// Paragraphs of real text the project already has: the README, .d.ts and source files of node_modules.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Which files of node_modules a corpus reads. */
export type CorpusKind = 'readme' | 'dts' | 'source';

/** One paragraph and the file it comes from (relative to node_modules). */
export interface Paragraph {
  readonly file: string;
  readonly text: string;
}

/** node_modules of the project. */
export const NODE_MODULES = join(import.meta.dirname, '..', '..', '..', 'node_modules');

const MATCHERS: Readonly<Record<CorpusKind, (name: string) => boolean>> = Object.freeze({
  readme: (name) => /^readme(?:\.(?:md|markdown|txt))?$/i.test(name),
  dts: (name) => name.endsWith('.d.ts'),
  source: (name) => /\.[cm]?js$/.test(name) && !name.endsWith('.min.js'),
});

/** Files larger than this are generated bundles or data, not text a person wrote. */
const MAX_FILE = 1 << 20;

function* walk(dir: string, match: (name: string) => boolean): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of names) {
    // Dot folders hold caches and tool state (a downloaded runtime), not the dependencies' text.
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) yield* walk(path, match);
    else if (match(name) && stat.size <= MAX_FILE) yield path;
  }
}

/** The paragraphs of a file: its text split at blank lines, blank ones left out. */
export function splitParagraphs(text: string): string[] {
  return text.split(/\r?\n[ \t]*\r?\n/).filter((paragraph) => paragraph.trim() !== '');
}

/** A corpus: how many files and bytes it read, and its paragraphs in file order. */
export interface Corpus {
  readonly files: number;
  readonly bytes: number;
  readonly paragraphs: readonly Paragraph[];
}

/**
 * Every paragraph of every file of a kind, or, with `every` above 1, of every `every`-th file in path order,
 * until `budget` bytes are read: a deterministic sample of a large kind.
 */
export function readCorpus(kind: CorpusKind, every = 1, budget = Number.POSITIVE_INFINITY): Corpus {
  const paragraphs: Paragraph[] = [];
  let files = 0;
  let bytes = 0;
  let index = 0;
  for (const path of walk(NODE_MODULES, MATCHERS[kind])) {
    if (index++ % every !== 0) continue;
    if (bytes >= budget) break;
    const text = readFileSync(path, 'utf8');
    files++;
    bytes += text.length;
    const file = relative(NODE_MODULES, path);
    for (const paragraph of splitParagraphs(text)) paragraphs.push({ file, text: paragraph });
  }
  return { files, bytes, paragraphs };
}

/** Where the project's dependencies keep messages in many languages: zod's error messages, one file a locale. */
const LOCALES = join(NODE_MODULES, 'zod', 'v4', 'locales');
/** A quoted string or template literal on one line. */
const STRING_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/**
 * The multilingual corpus: zod's locale files (error messages in some sixty languages and scripts), each
 * paragraph of their code as it stands, then every string literal of twelve or more characters on its own.
 */
export function readLocaleMessages(): Corpus {
  const paragraphs: Paragraph[] = [];
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(LOCALES).sort()) {
    if (!name.endsWith('.js')) continue;
    const text = readFileSync(join(LOCALES, name), 'utf8');
    files++;
    bytes += text.length;
    const file = relative(NODE_MODULES, join(LOCALES, name));
    for (const paragraph of splitParagraphs(text)) paragraphs.push({ file, text: paragraph });
    for (const m of text.matchAll(STRING_LITERAL)) {
      const literal = m[2] ?? '';
      if (Array.from(literal).length >= 12 && !literal.startsWith('../'))
        paragraphs.push({ file, text: literal });
    }
  }
  return { files, bytes, paragraphs };
}
