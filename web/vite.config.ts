import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './build/compile-hints';
import { prerenderSignIn } from './build/prerender';
import { ROUTE_PAGES, routePages, sharedModuleSideEffects } from './build/route-pages';
import { BASE_STYLES } from './src/config/base-styles';
import { BRAND_GREEN, palette } from './src/config/palette';
import { parseEnv } from './src/config/env-schema';

/**
 * The version the page and its service worker report (My Account, the update notice):
 * MOMENTS_APP_VERSION when the build sets it, otherwise the commit and the build time.
 */
function appVersion(): string {
  if (process.env.MOMENTS_APP_VERSION) return process.env.MOMENTS_APP_VERSION;
  let commit = 'dev';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout
  }
  const built = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `${built}-${commit}`;
}

export default defineConfig(({ mode }) => {
  const define = {
    __APP_VERSION__: JSON.stringify(appVersion()),
    // Checked here, so a misconfigured build fails instead of a page that half works.
    __APP_ENV__: JSON.stringify(
      parseEnv(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_')),
    ),
  };
  // Firestore's Pipelines-only regex engine, left out: see src/lib/re2js-stub.ts.
  const resolve = {
    alias: { re2js: fileURLToPath(new URL('./src/lib/re2js-stub.ts', import.meta.url)) },
  };
  const pages = routePages({ define, resolve });
  return {
    define,
    plugins: [
      react(),
      // The page's base styles in its head: they apply from the first paint, with no request.
      {
        name: 'moments-base-styles',
        transformIndexHtml: () => [
          { tag: 'style', children: BASE_STYLES, injectTo: 'head' as const },
        ],
      },
      // home.html and moment.html, their code asked for by their first script (build/route-pages.ts).
      pages.plugin,
      // /auth's screen as HTML in auth.html (see build/prerender.ts), naming its code likewise.
      prerenderSignIn({ define, resolve }, (html) => pages.withPageCode(html, 'auth.html')),
      // Their code compiled while it downloads, off the main thread (build/compile-hints.ts).
      compileHints(Object.values(ROUTE_PAGES).flat()),
      VitePWA({
        // A new version waits until the person chooses "Update Now".
        registerType: 'prompt',
        // Registered from src/lib/pwa.ts, after the first render.
        injectRegister: false,
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: 'Moments',
          short_name: 'Moments',
          description: 'A shared photo journal. Sign up once. Remember forever.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: BRAND_GREEN,
          background_color: palette.background.default,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
            { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ],
        },
        // Our own worker (src/sw.ts): photo caches per person, the update-notice protocol and
        // Background Sync of the outbox are more than generateSW can express.
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          // The Firebase chunks are large; precache them so the installed app opens offline.
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
          // A classic script: module workers are not everywhere yet.
          rollupFormat: 'iife',
        },
      }),
    ],
    resolve,
    // The live-data worker (src/live-worker.ts) loads Firebase's parts on demand: a module
    // worker, so that its chunks can be split.
    worker: { format: 'es' as const },
    server: {
      // `npm run dev` talks to the Hosting emulator, which forwards /api/** to the function.
      proxy: { '/api': 'http://127.0.0.1:5050' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // No public sourcemaps. HIDDEN_SOURCEMAPS=true makes maps for an error-reporting upload,
      // not linked from the code; Hosting does not deploy them (firebase.json ignores *.map).
      sourcemap: process.env.HIDDEN_SOURCEMAPS === 'true' ? 'hidden' : false,
      rolldownOptions: {
        output: {
          // Fewer, larger chunks on the first screen: on a phone each request costs a round trip
          // (over HTTP/1.1, six at a time), and 60 chunks of 2 KB cost more than their bytes.
          codeSplitting: {
            groups: [
              // What every screen runs: React, the router, TanStack Query.
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
                priority: 3,
              },
              // The entry's own static imports: one chunk instead of a score of small ones.
              { name: 'initial', tags: ['$initial'], priority: 2 },
              // Babel's helpers (a few hundred bytes), shared by the UI kit and by parts of the first
              // screens (a moment's growing text field): in the UI kit's chunk, they would bring it.
              {
                name: 'babel-helpers',
                test: /node_modules[\\/]@babel[\\/]runtime[\\/]/,
                priority: 2,
              },
              // The form library, apart from the UI kit: the list and moment pages show no form
              // on their first screen, and do not wait for it.
              {
                name: 'forms',
                test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
                minShareCount: 2,
                priority: 1,
              },
              // The UI kit's styling engine, its system and themes, apart from its components: a
              // part's prefetch evaluates each in a task of its own, in this order
              // (components/ui/with-ui-kit-theme.ts), the components last, so that on a phone
              // none of them is one long task after the first screen.
              {
                name: 'ui-engine',
                test: /node_modules[\\/](@emotion|stylis|hoist-non-react-statics|@mui[\\/]styled-engine)[\\/]/,
                priority: 2,
              },
              {
                name: 'ui-core',
                test: /node_modules[\\/]@mui[\\/]((utils|system|private-theming)|material[\\/](styles|colors|GlobalStyles|InitColorSchemeScript))[\\/]/,
                priority: 2,
              },
              // UI-kit modules shared by several pages: one chunk, cached once.
              {
                name: 'ui',
                test: /node_modules[\\/](@mui|@emotion)[\\/]/,
                minShareCount: 4,
                priority: 1,
              },
            ],
          },
        },
        treeshake: { moduleSideEffects: sharedModuleSideEffects },
      },
    },
  };
});
