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
  },
});
