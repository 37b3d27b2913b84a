import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const webFeatures = './web/src/features';
const serverFeatures = './functions/src/features';
// Every folder of functions/src/features, so that a new feature is held to the rule too.
const serverFeatureNames = readdirSync(new URL(serverFeatures, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    // Imports flow one way (see ../shared/STYLE.md): no file imports itself back through others,
    // and the zones below say which way each arrow may point.
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Read .ts/.tsx dependencies too (the cycle check follows imports into them).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Web: shared code -> features -> app.
            { target: webFeatures, from: './web/src/app' },
            { target: './web/src/components', from: [webFeatures, './web/src/app'] },
            { target: './web/src/lib', from: [webFeatures, './web/src/app'] },
            // Between features: auth stands alone; sharing builds on moments, never back.
            {
              target: `${webFeatures}/auth`,
              from: webFeatures,
              except: ['./auth'],
              message: 'auth imports no other feature: compose them in web/src/app.',
            },
            {
              target: `${webFeatures}/moments`,
              from: `${webFeatures}/sharing`,
              message: 'sharing builds on moments, not the other way: compose them in web/src/app.',
            },
            // Server: lib imports no feature; a feature uses another only through its index.ts.
            { target: './functions/src/lib', from: serverFeatures },
            {
              target: `${serverFeatures}/auth`,
              from: serverFeatures,
              except: ['./auth'],
              message:
                'auth imports no other feature: another feature calls it, through its index.ts.',
            },
            ...serverFeatureNames.map((name) => ({
              target: `${serverFeatures}/!(${name})/**`,
              from: `${serverFeatures}/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} feature through its index.ts.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // Served as they are, in a browser, as classic scripts.
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
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
