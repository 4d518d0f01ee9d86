import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return TEST_FILE.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

// Speed (issue 21): a worker keeps its environment from one test file to the next instead of
// building a new jsdom for each (that set-up was 42 s of the 90 s run on 2 CPUs). Every test already
// starts clean (a fresh QueryClient each, mocks restored, timers and storage reset in
// src/testing/setup.ts). A file that replaces a module with vi.mock would leave that replacement to
// the files after it, so such files, found here by their text, keep a fresh environment each.
const ALL_TESTS = testFiles(join(ROOT, 'src'));
const MOCKING_MODULES = ALL_TESTS.filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(ROOT, file), 'utf8')));

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // themes.test.ts reads the theme colours from the stylesheet itself (`?raw`)
    css: { include: [/styles\/themes\.css/] },
    // Generous on purpose: see asyncUtilTimeout in src/testing/setup.ts.
    testTimeout: 30_000,
    // at least two workers: vitest's default on 2 CPUs is one
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // (each project names its own files: `extends` would add a shared `include` to both)
      { extends: true, test: { name: 'shared', include: ALL_TESTS, exclude: MOCKING_MODULES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING_MODULES, isolate: true } },
    ],
  },
});
