// Reads the project's own source files once, with their relative imports and function spans, for house rules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The project root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** One source file: its path from the root, its folder, its line count, imports and functions. */
export interface SourceFile {
  readonly path: string;
  /** `src/<folder>`, `sinks/<folder>`, or `src` / `sinks` for a file directly inside. */
  readonly folder: string;
  readonly lines: number;
  /** Root-relative paths of the project files it imports. */
  readonly imports: readonly string[];
  /** Every function, method and arrow function: where it starts and how many lines it spans. */
  readonly functions: ReadonlyArray<{ readonly line: number; readonly lines: number }>;
}

/** The folder a root-relative path belongs to, as the house rules count folders. */
export function folderOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? `${parts[0] ?? ''}/${parts[1] ?? ''}` : (parts[0] ?? '');
}

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function read(absolute: string): SourceFile {
  const text = readFileSync(absolute, 'utf8');
  const source = ts.createSourceFile(absolute, text, ts.ScriptTarget.ES2022, true);
  const imports: string[] = [];
  const functions: Array<{ line: number; lines: number }> = [];
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node): void => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : undefined;
    if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      const target = resolve(dirname(absolute), specifier.text).replace(/\.js$/, '.ts');
      imports.push(relative(ROOT, target));
    }
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const line = lineOf(node.getStart(source));
      functions.push({ line, lines: lineOf(node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const path = relative(ROOT, absolute);
  return { path, folder: folderOf(path), lines: text.split('\n').length, imports, functions };
}

/** Every TypeScript source file under `src/` and `sinks/`. */
export function sourceFiles(): readonly SourceFile[] {
  return ['src', 'sinks'].flatMap((top) => walk(join(ROOT, top), [])).map(read);
}
