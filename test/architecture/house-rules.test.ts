// The house rules over the import graph and file shapes: a ground floor, no folder cycles, sinks apart, small units.
import { describe, expect, test } from 'vitest';
import { sourceFiles, type SourceFile } from './source-files.js';

const GROUND = 'src/vocabulary';
const SHARED_SINK_FOLDER = 'sinks/shared';
const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 80;

const files = sourceFiles();

/** Folder → the folders its files import (entries at the top of `src/` are not folders anyone imports). */
function folderEdges(all: readonly SourceFile[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of all) {
    for (const target of file.imports) {
      const to = target.split('/').length > 2 ? target.split('/').slice(0, 2).join('/') : 'src';
      if (to === file.folder) continue;
      const set = edges.get(file.folder) ?? new Set<string>();
      set.add(to);
      edges.set(file.folder, set);
    }
  }
  return edges;
}

/** Folders that can reach themselves through imports. */
function foldersInCycles(edges: Map<string, Set<string>>): string[] {
  const reaches = (from: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(edges.get(from) ?? [])];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next === goal) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    return false;
  };
  return [...edges.keys()].filter((folder) => reaches(folder, folder)).sort();
}

describe('the import graph', () => {
  test('has no folder-level cycle in src/ and sinks/', () => {
    expect(foldersInCycles(folderEdges(files))).toEqual([]);
  });

  test('the ground floor imports nothing else of the project', () => {
    const upward = files
      .filter((file) => file.folder === GROUND)
      .flatMap((file) => file.imports.filter((target) => !target.startsWith(`${GROUND}/`)))
      .map((target) => target);
    expect(upward).toEqual([]);
  });

  test("no sink imports another sink's files (shared helpers live in sinks/shared)", () => {
    const crossing = files
      .filter((file) => file.folder.startsWith('sinks/'))
      .flatMap((file) =>
        file.imports
          .filter((target) => target.startsWith('sinks/'))
          .filter(
            (target) => !target.startsWith(`${file.folder}/`) && !target.startsWith(`${SHARED_SINK_FOLDER}/`),
          )
          .map((target) => `${file.path} -> ${target}`),
      );
    expect(crossing).toEqual([]);
  });

  test('nothing imports a package entry at the top of src/', () => {
    const entryImports = files.flatMap((file) =>
      file.imports.filter((target) => target.split('/').length === 2 && target.startsWith('src/')),
    );
    expect(entryImports).toEqual([]);
  });
});

describe('the shape of the code', () => {
  test(`no file is over ${MAX_FILE_LINES} lines`, () => {
    expect(files.filter((file) => file.lines > MAX_FILE_LINES).map((file) => file.path)).toEqual([]);
  });

  test(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap((file) =>
      file.functions
        .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
        .map((fn) => `${file.path}:${fn.line} (${fn.lines} lines)`),
    );
    expect(long).toEqual([]);
  });
});
