import { defineConfig } from 'vitest/config';

// Five projects: `unit` and `web` (components) need nothing running; the others run inside
// `firebase emulators:exec` (see package.json "test:emulated").
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Component tests: React in happy-dom with Testing Library; each mocks the feature's
        // api module it needs (vi.mock), so nothing runs but the component and its hooks.
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
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
