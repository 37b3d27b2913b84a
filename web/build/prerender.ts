// Build step: after the app is built, renders the sign-in screen (src/prerender/) on the server
// and writes auth.html, the app's index.html with that screen in place of the loading screen,
// whose code is asked for once the screen has painted (route-pages.ts).
// Hosting serves it for /auth (firebase.json); every other address keeps index.html.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import type { SignInScreen } from '../src/prerender/sign-in-screen';

export const PRERENDERED_PAGE = 'auth.html';

const ROOT_CONTENT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

/**
 * The screen goes in #root (route-pages.ts writes its style sheets into the head). It is
 * inert until the app replaces it with the same screen, live: a tap or a typed digit before then
 * would be lost. aria-disabled says so to tools that drive the page (Playwright waits for an
 * enabled field before typing).
 */
export function withPrerenderedRoot(indexHtml: string, screen: SignInScreen): string {
  if (!ROOT_CONTENT.test(indexHtml)) throw new Error('index.html has no #root to prerender into');
  return indexHtml.replace(ROOT_CONTENT, (_match, open: string, close: string) => {
    return `${open}<div inert aria-disabled="true">${screen.html}</div>${close}`;
  });
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
 * `withPageCode` makes the page's code asked for by its first script (route-pages.ts), once the
 * bundle is generated.
 */
export function prerenderSignIn(
  shared: Pick<UserConfig, 'define' | 'resolve'>,
  withPageCode: (html: string) => Promise<string>,
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
          // Everything bundled: the CSS modules' class names are those of the app's build.
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
          await withPageCode(withPrerenderedRoot(indexHtml, screen)),
        );
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
