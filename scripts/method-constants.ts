// An esbuild plugin that declares the bundle's top-level method constants with `const` again, as the sources do.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * A top-level `String.prototype` method kept in a constant, as the text and secret scanners keep
 * `charCodeAt` to call it as `charCodeAt.call(text, i)` in their loops.
 */
export const METHOD_CONSTANT = /^var ([\w$]+) = String\.prototype\.([\w$]+);$/gm;

/**
 * esbuild declares every top-level binding of a bundle with `var`. V8 folds a module's `const` into optimized
 * code but must read a `var` on each use, and a loop that calls a method through a `var` makes a generic call
 * each time: the text purpose scanned at half the speed of the same code unbundled. The initializer reads
 * nothing of the bundle, so declaring it `const` again changes no order of evaluation.
 */
export function keepMethodConstants(): Plugin {
  return {
    name: 'airlock-keep-method-constants',
    setup(builder) {
      const root = builder.initialOptions.absWorkingDir ?? process.cwd();
      builder.onEnd((result) => {
        for (const output of Object.keys(result.metafile?.outputs ?? {})) {
          if (!output.endsWith('.js')) continue;
          const path = join(root, output);
          const code = readFileSync(path, 'utf8');
          const kept = code.replace(METHOD_CONSTANT, 'const $1 = String.prototype.$2;');
          if (kept !== code) writeFileSync(path, kept);
        }
      });
    },
  };
}
