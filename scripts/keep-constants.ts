// An esbuild plugin that declares the bundle's top-level constants with `const` again, as the sources do.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * A top-level declaration whose value a loop reads: a `String.prototype` method (the scanners call
 * `charCodeAt.call(text, i)`), a number, a table built by an arrow function called at once, or names
 * destructured from another binding. Group 1 is the name declared, group 2 the destructured names.
 */
export const CONSTANT_DECLARATION =
  /^var (?:([\w$]+) = (?:String\.prototype\.[\w$]+;|-?(?:0x[\da-fA-F]+|\d[\d.e+-]*);|\(\(\) => \{)|\{ ([\w$:, ]+) \} = [\w$]+;)$/gm;

/** The names a matched declaration binds: the destructured ones (`run: RUN` binds `RUN`), or the one name. */
function declaredNames(name: string | undefined, destructured: string | undefined): string[] {
  if (name !== undefined) return [name];
  return (destructured ?? '').split(',').map((part) => (part.split(':').pop() ?? '').trim());
}

/** Whether `code` assigns `name` anywhere (`=`, a compound assignment, `++` or `--`), not as a property. */
function isAssigned(code: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  const binding = `(?<![\\w$.])${escaped}(?![\\w$])`;
  const assignment = new RegExp(
    `${binding}\\s*(?:[-+*/%&|^]|<<|>>>?|\\*\\*|\\?\\?|&&|\\|\\|)?=(?![=>])|${binding}\\s*(?:\\+\\+|--)|(?:\\+\\+|--)\\s*${binding}`,
  );
  return assignment.test(code);
}

/**
 * `code` with each top-level constant declaration (see {@link CONSTANT_DECLARATION}) written with `const`
 * again when nothing else in the file assigns the names it binds. esbuild declares every top-level binding of
 * a bundle with `var`; V8 folds a module's `const` into optimized code but must read a `var` on each use (and
 * a loop that calls a method through a `var` makes a generic call each time): the bundled text purpose
 * scanned at half the speed of the same code unbundled, and the strict scan read each table and character
 * constant at every turn. Each initializer is the one the sources declare `const`, in the same place, so the
 * order of evaluation is the sources' own.
 */
export function keepConstants(code: string): string {
  return code.replace(CONSTANT_DECLARATION, (line: string, name?: string, destructured?: string) => {
    const rest = code.replace(line, '');
    const names = declaredNames(name, destructured);
    return names.some((each) => each === '' || isAssigned(rest, each)) ? line : `const ${line.slice(4)}`;
  });
}

/** The esbuild plugin: {@link keepConstants} over every JavaScript file the build writes. */
export function keepConstantsPlugin(): Plugin {
  return {
    name: 'airlock-keep-constants',
    setup(builder) {
      const root = builder.initialOptions.absWorkingDir ?? process.cwd();
      builder.onEnd((result) => {
        for (const output of Object.keys(result.metafile?.outputs ?? {})) {
          if (!output.endsWith('.js')) continue;
          const path = join(root, output);
          const code = readFileSync(path, 'utf8');
          const kept = keepConstants(code);
          if (kept !== code) writeFileSync(path, kept);
        }
      });
    },
  };
}
