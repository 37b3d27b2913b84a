import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/dist-*', 'functions/lib', '.emulators', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: shared code -> features -> app (see ../shared/STYLE.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './web/src/features', from: './web/src/app' },
            { target: './web/src/components', from: ['./web/src/features', './web/src/app'] },
            { target: './web/src/lib', from: ['./web/src/features', './web/src/app'] },
          ],
        },
      ],
      // Components never talk to Firebase or HTTP themselves: features' api/ modules and lib/ do.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase/*'],
              message: 'Use web/src/lib/firebase.ts or a feature api module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/**', 'web/src/features/*/api/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
