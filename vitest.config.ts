// Test runner configuration: every test under test/, run in Node.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  // The examples import the package by its name, as an application does; in the clone that is the sources (as
  // the `paths` of tsconfig.json say for the type checker).
  resolve: {
    alias: [
      { find: /^agent-airlock$/, replacement: `${src}index.ts` },
      { find: /^agent-airlock\/(.+)$/, replacement: `${src}$1.ts` },
    ],
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
  },
});
