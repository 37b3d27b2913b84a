// Build step: the pages people open most get an HTML file of their own, the app's index.html
// naming their code with <link rel="modulepreload">. The browser then fetches a page's ~20
// chunks while it reads the HTML, beside the app's main chunk, instead of after the main chunk
// has downloaded and run (the app's own preload, which finds the links there and adds none).
// At low priority: the page's first API call, and the photo it names, come first. The style
// sheets of those chunks (their CSS modules) are preloaded likewise: the app's loader adds
// them as the page's code runs, and would otherwise fetch them only then.
// Hosting serves each file for its addresses (firebase.json); every other address keeps
// index.html, and auth.html (prerender.ts) names the sign-in page's chunks to its loader.
// Beside them, the page's first calls (src/first-calls.ts): a small script of their own, built
// here, that the HTML runs before the app's code.
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
function staticClosure(chunks: Map<string, OutputChunk>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return seen;
}

/**
 * The page's HTML: index.html with the links before </head>. `low` priority lets the page's
 * first API call, made by the main chunk, go out before them: over HTTP/1.1 (six connections)
 * it otherwise queued behind the page's ~24 chunks, and the first photo, which it names, with it.
 */
export function withModulePreloads(
  html: string,
  hrefs: readonly string[],
  priority: 'auto' | 'low' = 'auto',
  styleHrefs: readonly string[] = [],
): string {
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to add links to');
  const fetchPriority = priority === 'low' ? ' fetchpriority="low"' : '';
  const links = [
    ...hrefs.map(
      (href) => `\n    <link rel="modulepreload" crossorigin${fetchPriority} href="${href}">`,
    ),
    ...styleHrefs.map(
      // crossorigin as the app's loader asks for the sheet (Vite's preload helper): a preload
      // in another CORS mode is not used, and the sheet is fetched a second time.
      (href) => `\n    <link rel="preload" as="style" crossorigin${fetchPriority} href="${href}">`,
    ),
  ];
  return html.replace('</head>', `${links.join('')}\n  </head>`);
}

/**
 * @moments/shared is plain exports with no import-time effects. Saying so lets a chunk that needs
 * an error class or a constant from the package leave out its zod schemas and phone metadata.
 */
export const sharedModuleSideEffects = (id: string) =>
  /[\\/]shared[\\/]src[\\/]/.test(id) ? false : undefined;

/** The pages whose HTML starts their first calls, and the `data-page` that names each. */
const FIRST_CALL_PAGES = { 'home.html': 'home', 'moment.html': 'moment' } as const;

const APP_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;

/**
 * The first-calls script before the app's: classic and deferred, it runs once the HTML is read,
 * ahead of the app's module script (deferred scripts run in order), which waits for its chunks.
 */
export function withFirstCalls(html: string, src: string, page: string): string {
  if (!APP_SCRIPT.test(html)) throw new Error('index.html has no app script to run before');
  return html.replace(
    APP_SCRIPT,
    (app) => `<script defer src="${src}" data-page="${page}"></script>\n    ${app}`,
  );
}

/** Builds src/first-calls.ts as one classic script in the app's assets; returns its address. */
async function buildFirstCalls(
  shared: Pick<UserConfig, 'define' | 'resolve'>,
  root: string,
  outDir: string,
  base: string,
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
      rolldownOptions: {
        input: resolve(root, 'src/first-calls.ts'),
        output: { format: 'iife', entryFileNames: 'assets/first-calls-[hash].js' },
        treeshake: { moduleSideEffects: sharedModuleSideEffects },
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error('The first-calls script was not built');
  return `${base}${chunk.fileName}`;
}

export function routePages(shared: Pick<UserConfig, 'define' | 'resolve'>) {
  const preloads = new Map<RoutePage, string[]>();
  const stylePreloads = new Map<RoutePage, string[]>();
  let root = '';
  let outDir = '';
  let base = '/';

  const plugin: Plugin = {
    name: 'moments:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
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
        const start = modules.map((module) => {
          const id = resolve(root, module);
          const chunk = [...chunks.values()].find((item) => item.facadeModuleId === id);
          if (!chunk) throw new Error(`${page}: no chunk starts with ${module}`);
          return chunk.fileName;
        });
        const files = [...staticClosure(chunks, start)].filter((file) => !inIndex.has(file));
        preloads.set(
          page,
          files.map((file) => `${base}${file}`),
        );
        const styles = new Set(
          files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        stylePreloads.set(
          page,
          [...styles].map((file) => `${base}${file}`),
        );
      }
    },
    async closeBundle() {
      const indexHtml = await readFile(resolve(outDir, 'index.html'), 'utf8');
      const firstCalls = await buildFirstCalls(shared, root, outDir, base);
      for (const page of ['home.html', 'moment.html'] as const) {
        const html = withModulePreloads(
          indexHtml,
          preloadsFor(page),
          'low',
          stylePreloads.get(page),
        );
        await writeFile(
          resolve(outDir, page),
          withFirstCalls(html, firstCalls, FIRST_CALL_PAGES[page]),
        );
      }
    },
  };

  /** The addresses of a page's chunks that index.html does not name already. */
  function preloadsFor(page: RoutePage): string[] {
    const hrefs = preloads.get(page);
    if (!hrefs) throw new Error(`The bundle has not been generated yet (${page})`);
    return hrefs;
  }

  return { plugin, preloadsFor };
}
