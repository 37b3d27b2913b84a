// Build step: after the app is built, renders the sign-in screen (src/prerender/) on the server
// and writes auth.html, the app's index.html with that screen in place of the loading screen,
// whose code is asked for once the screen has painted (public/after-first-paint.js).
// Hosting serves it for /auth (firebase.json); every other address keeps index.html.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import type { SignInScreen } from './src/prerender/sign-in-screen';

export const PRERENDERED_PAGE = 'auth.html';

const ROOT_CONTENT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

/**
 * The screen goes in #root, its styles at the end of the head. It is inert until the app replaces
 * it with the same screen, live: a tap or a typed digit before then would be lost. aria-disabled
 * says so to tools that drive the page (Playwright waits for an enabled field before typing).
 */
export function withPrerenderedRoot(indexHtml: string, screen: SignInScreen): string {
  if (!ROOT_CONTENT.test(indexHtml)) throw new Error('index.html has no #root to prerender into');
  return indexHtml
    .replace(ROOT_CONTENT, (_match, open: string, close: string) => {
      return `${open}<div inert aria-disabled="true">${screen.html}</div>${close}`;
    })
    .replace('</head>', () => `${screen.styles}\n  </head>`);
}

const AFTER_FIRST_PAINT_SCRIPT = '/after-first-paint.js';

const APP_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page's code is asked for once the prerendered screen has painted (public/
 * after-first-paint.js), not while the HTML is read: index.html's module script and
 * modulepreload links, and the links of the page's own chunks (`pagePreloads`), become data of
 * that one small script, which adds them then, all at once.
 * Fetched beside the HTML, the code could arrive and start before the first paint, and hold it
 * back by the app's whole start-up on a slow phone. The script is the same for every build (it
 * reads what to load from its attributes), so a cached copy is never out of date.
 */
export function withCodeAfterFirstPaint(html: string, pagePreloads: readonly string[]): string {
  const entries = [...html.matchAll(APP_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`expected one app script, found ${entries.length}`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  preloads.push(...pagePreloads.filter((href) => !preloads.includes(href)));
  const loader =
    `\n    <script defer src="${AFTER_FIRST_PAINT_SCRIPT}" data-entry="${entries[0]}"` +
    ` data-preloads="${preloads.join(' ')}"></script>`;
  return html
    .replace(APP_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${loader}\n  </head>`);
}

/**
 * Renders in a process of its own: the app's modules start timers and listeners when loaded,
 * which would keep the build's process from ending.
 */
async function renderIn(serverBundle: string): Promise<SignInScreen> {
  const script = `const { renderSignInScreen } = await import(${JSON.stringify(
    pathToFileURL(serverBundle).href,
  )}); process.stdout.write(JSON.stringify(renderSignInScreen())); process.exit(0);`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as SignInScreen;
}

/**
 * `preloads` names the sign-in page's code (route-pages.ts), asked for once the bundle is
 * generated.
 */
export function prerenderSignIn(
  shared: Pick<UserConfig, 'define' | 'resolve'>,
  preloads: () => string[],
): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'moments:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const serverDir = await mkdtemp(join(tmpdir(), 'moments-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          define: shared.define,
          resolve: shared.resolve,
          // Everything bundled, so that the UI kit's styles come from the same code as the page's.
          ssr: { noExternal: true },
          build: {
            ssr: 'src/prerender/sign-in-screen.tsx',
            outDir: serverDir,
            emptyOutDir: true,
          },
        });
        const screen = await renderIn(join(serverDir, 'sign-in-screen.js'));
        const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
        await writeFile(
          join(outDir, PRERENDERED_PAGE),
          withCodeAfterFirstPaint(withPrerenderedRoot(indexHtml, screen), preloads()),
        );
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
