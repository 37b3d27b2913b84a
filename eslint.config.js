import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const webFeatures = './web/src/features';
const serverFeatures = './functions/src/features';

/** The folders of a features folder: read, so that a new feature is held to the rules too. */
export function featureFolders(folder) {
  return readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Which other features each web feature builds on (any of their files: web features have no
 * index.ts). The rest of the arrows go through web/src/app, which composes features. auth is
 * the ground floor; offline keeps the outbox, which moments fills; sharing builds on moments.
 */
export const WEB_FEATURE_IMPORTS = {
  admin: [],
  'app-update': [],
  auth: [],
  billing: ['auth'],
  moments: ['auth', 'offline', 'notifications'],
  notifications: [],
  offline: ['auth'],
  onboarding: [],
  sharing: ['auth', 'moments', 'notifications'],
};

/** One zone per web feature: every feature it does not build on is out of bounds. */
export function webFeatureZones(names, imports) {
  const unplaced = names.filter((name) => !Object.hasOwn(imports, name));
  if (unplaced.length > 0) {
    throw new Error(
      `eslint.config.js: say which features ${unplaced.join(', ')} may import (WEB_FEATURE_IMPORTS).`,
    );
  }
  return names.map((name) => {
    const allowed = imports[name];
    const others = names.filter((other) => other !== name && !allowed.includes(other));
    return {
      target: `${webFeatures}/${name}`,
      from: others.map((other) => `${webFeatures}/${other}`),
      message:
        allowed.length === 0
          ? `${name} imports no other feature: compose them in web/src/app.`
          : `${name} builds on ${allowed.join(' and ')} only: compose the others in web/src/app.`,
    };
  });
}

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
            // Between features: each builds on those WEB_FEATURE_IMPORTS names, never back.
            ...webFeatureZones(featureFolders(webFeatures), WEB_FEATURE_IMPORTS),
            // Server: lib and middleware import no feature (the app attaches feature steps to
            // signed-in calls); a feature uses another only through its index.ts.
            { target: './functions/src/lib', from: serverFeatures },
            {
              target: './functions/src/middleware',
              from: serverFeatures,
              message: 'middleware imports no feature: attach feature steps in app.ts.',
            },
            {
              target: `${serverFeatures}/auth`,
              from: serverFeatures,
              except: ['./auth'],
              message:
                'auth imports no other feature: another feature calls it, through its index.ts.',
            },
            ...featureFolders(serverFeatures).map((name) => ({
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
