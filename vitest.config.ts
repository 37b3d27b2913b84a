import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { parseEnv } from './web/src/config/env-schema';

// Five projects: `unit` and `web` (React components in jsdom, the api module mocked) need
// nothing running; the others run on the emulators (scripts/emulated-tests.mjs).

/** What the emulators answer arrives later on a busy 2-core machine than vitest's 1 s default. */
const slowPoll = { poll: { timeout: 10_000 } };

/** The web app's build-time constants (web/vite.config.ts): a fixed version, the demo setup. */
const webDefines = () => ({
  __APP_VERSION__: JSON.stringify('test'),
  __APP_ENV__: JSON.stringify(parseEnv({})),
});

export default defineConfig({
  test: {
    projects: [
      {
        define: webDefines(),
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        define: webDefines(),
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          // Rendering MUI in jsdom is slow on a busy 2-core machine.
          testTimeout: 20_000,
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'rules',
          expect: slowPoll,
          include: ['tests/rules/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          expect: slowPoll,
          include: ['tests/api/**/*.test.ts'],
          // Parallel requests each start a Functions worker; cold, on a loaded 2-core machine,
          // a test's first uploads (five WebP sizes each) have taken close to 30 s.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          expect: slowPoll,
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // One browser at a time keeps a 2-core machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
