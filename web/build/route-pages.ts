// Build step: the pages people open most get an HTML file of their own, naming their first
// screen's code: the main chunk and the page's ~20 chunks, all fetched at once instead of each
// after the chunk importing it has downloaded and run (the app's own preload finds them named and
// adds none). Their style sheets (CSS modules) are in the HTML.
// The HTML does not ask for that code itself: the page's first script does, once the page has
// painted (src/start/app-code.ts). auth.html's (src/start/after-first-paint.ts) once its
// prerendered sign-in screen has; home.html's and moment.html's (src/start/first-calls.ts) once
// the first photo of the page's preview has, after starting the page's first calls.
// Hosting serves each file for its addresses (firebase.json); every other address keeps
// index.html.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build, type Plugin, type UserConfig } from 'vite';

/** The modules a page's first screen starts with (its routes and the first photo's preload). */
export const ROUTE_PAGES = {
  'home.html': [
    'src/app/routes/protected-layout.tsx',
    'src/app/routes/home.tsx',
    'src/features/moments/utils/first-photo.ts',
  ],
  'moment.html': [
    'src/app/routes/protected-layout.tsx',
    'src/app/routes/moments/detail.tsx',
    'src/features/moments/utils/first-photo.ts',
  ],
  'auth.html': ['src/app/routes/auth.tsx'],
} as const;

export type RoutePage = keyof typeof ROUTE_PAGES;

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  /** Vite's: the CSS files the chunk's modules import. */
  viteMetadata?: { importedCss: Set<string> };
}

/** The files a set of chunks runs with: themselves and their static imports, transitively. */
export function staticClosure(
  chunks: Map<string, { imports: string[] }>,
  start: string[],
): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return seen;
}

/** The chunk that starts with `module` (a file under `root`): a build without one fails. */
export function chunkStartingWith<C extends { facadeModuleId: string | null }>(
  chunks: Iterable<C>,
  root: string,
  module: string,
): C {
  const id = resolve(root, module);
  const chunk = [...chunks].find((item) => item.facadeModuleId === id);
  if (!chunk) throw new Error(`No chunk starts with ${module}`);
  return chunk;
}

/**
 * @moments/shared is plain exports with no import-time effects. Saying so lets a chunk that needs
 * an error class or a constant from the package leave out its zod schemas and phone metadata.
 */
export const sharedModuleSideEffects = (id: string) =>
  /[\\/]shared[\\/]src[\\/]/.test(id) ? false : undefined;

const APP_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page's HTML with its code asked for by `loader` (a classic, deferred script: see
 * src/start/app-code.ts) instead of by the HTML: index.html's module script and modulepreload links
 * and the page's own chunks (`pagePreloads`) become the loader's data, with `data` (data-*
 * attributes) beside them.
 */
export function withCodeLoadedBy(
  html: string,
  loader: string,
  pagePreloads: readonly string[],
  data: Record<string, string> = {},
): string {
  const entries = [...html.matchAll(APP_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`expected one app script, found ${entries.length}`);
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to add the loader to');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  preloads.push(...pagePreloads.filter((href) => !preloads.includes(href)));
  const attributes = Object.entries({
    ...data,
    entry: entries[0],
    preloads: preloads.join(' '),
  })
    .map(([name, value]) => ` data-${name}="${value}"`)
    .join('');
  return html
    .replace(APP_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '</head>',
      () => `\n    <script defer src="${loader}"${attributes}></script>\n  </head>`,
    );
}

/** The pages' first scripts, each a classic script of its own (src/start/<name>.ts). */
type PageScript = 'first-calls' | 'after-first-paint';

/** Builds src/start/<name>.ts as one classic script in the app's assets; returns its address. */
async function buildPageScript(
  name: PageScript,
  shared: Pick<UserConfig, 'define' | 'resolve'>,
  { root, outDir, base, minify }: { root: string; outDir: string; base: string; minify: boolean },
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: shared.define,
    resolve: shared.resolve,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify,
      rolldownOptions: {
        input: resolve(root, `src/start/${name}.ts`),
        output: { format: 'iife', entryFileNames: `assets/${name}-[hash].js` },
        treeshake: { moduleSideEffects: sharedModuleSideEffects },
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error(`The ${name} script was not built`);
  return `${base}${chunk.fileName}`;
}

/** Each page's first script, and its data-* attributes. */
const PAGE_SCRIPTS: Record<RoutePage, { script: PageScript; data?: Record<string, string> }> = {
  'home.html': { script: 'first-calls', data: { page: 'home' } },
  'moment.html': { script: 'first-calls', data: { page: 'moment' } },
  'auth.html': { script: 'after-first-paint' },
};

/**
 * `html` with the first screen's style sheets (`files`, in `outDir`, served under `base`) in a
 * style tag at the end of its head: a few KB that apply from the first paint (auth.html's
 * prerendered screen) and that the app's first render does not wait for, instead of as many
 * requests. Each is also named by a disabled link, which the browser does not fetch: the app's
 * loader (Vite's preload) skips a style sheet the page links already, and would fetch it again.
 */
async function withStylesInline(html: string, outDir: string, base: string, files: string[]) {
  const sheets = await Promise.all(files.map((file) => readFile(resolve(outDir, file), 'utf8')));
  const named = files.map((file) => `<link rel="stylesheet" disabled href="${base}${file}">`);
  return html.replace(
    '</head>',
    () => `  <style>${sheets.join('')}</style>\n    ${named.join('\n    ')}\n  </head>`,
  );
}

export function routePages(shared: Pick<UserConfig, 'define' | 'resolve'>) {
  const preloads = new Map<RoutePage, string[]>();
  /** Each page's first-screen style sheets (their CSS modules), as files in the output. */
  const pageStyles = new Map<RoutePage, string[]>();
  let root = '';
  let outDir = '';
  let base = '/';
  // As the app's build: `--minify false` (the profile bench's) leaves the names readable.
  let minify = true;

  const plugin: Plugin = {
    name: 'moments:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
      minify = config.build.minify !== false;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const entry = [...chunks.values()].filter((chunk) => chunk.isEntry);
      // What index.html already names (the main chunk and its imports).
      const inIndex = staticClosure(
        chunks,
        entry.map((chunk) => chunk.fileName),
      );
      for (const [page, modules] of Object.entries(ROUTE_PAGES) as [
        RoutePage,
        readonly string[],
      ][]) {
        const start = modules.map(
          (module) => chunkStartingWith(chunks.values(), root, module).fileName,
        );
        const files = [...staticClosure(chunks, start)].filter((file) => !inIndex.has(file));
        preloads.set(
          page,
          files.map((file) => `${base}${file}`),
        );
        const styles = new Set(
          files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        pageStyles.set(page, [...styles]);
      }
    },
    async closeBundle() {
      const indexHtml = await readFile(resolve(outDir, 'index.html'), 'utf8');
      for (const page of ['home.html', 'moment.html'] as const) {
        await writeFile(resolve(outDir, page), await withPageCode(indexHtml, page));
      }
    },
  };

  const scripts = new Map<PageScript, Promise<string>>();
  /** The address of a page script, built once (auth.html's is built for prerender.ts). */
  function pageScript(name: PageScript): Promise<string> {
    let address = scripts.get(name);
    if (!address) {
      address = buildPageScript(name, shared, { root, outDir, base, minify });
      scripts.set(name, address);
    }
    return address;
  }

  /** `html` (index.html, or a page made from it) as `page`, its code asked for by its script. */
  async function withPageCode(html: string, page: RoutePage): Promise<string> {
    const hrefs = preloads.get(page);
    if (!hrefs) throw new Error(`The bundle has not been generated yet (${page})`);
    const { script, data } = PAGE_SCRIPTS[page];
    const styled = await withStylesInline(html, outDir, base, pageStyles.get(page) ?? []);
    return withCodeLoadedBy(styled, await pageScript(script), hrefs, data);
  }

  return { plugin, withPageCode };
}
