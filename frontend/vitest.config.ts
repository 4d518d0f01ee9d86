import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // testing/server-roles.ts reads the server's role table (bank/core/roles.py) as text (`?raw`)
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // themes.test.ts reads the theme colours from the stylesheet itself (`?raw`)
    css: { include: [/styles\/themes\.css/] },
    // Generous on purpose: see asyncUtilTimeout in src/testing/setup.ts.
    testTimeout: 30_000,
    // Speed (issue 21): each worker keeps its environment from one file to the next instead of
    // building a new jsdom per file (that set-up was 42 s of the 90 s run on 2 CPUs). Every test
    // already starts clean: a fresh QueryClient each (src/testing), mocks restored, timers and
    // storage reset in src/testing/setup.ts; the suite passes in shuffled order too.
    isolate: false,
    // at least two workers: vitest's default on 2 CPUs is one
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
