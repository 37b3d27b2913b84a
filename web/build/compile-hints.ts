// Build step: the chunks a first screen runs as the page starts begin with Chrome's explicit
// compile hint (Chrome 136+). V8 then compiles all their functions on a background thread while
// the file downloads, instead of each on the main thread the first time it is called: on a cold
// load that is much of what rendering the first screen costs. Chunks loaded later keep V8's
// default (compile on first call), so code that may never run is not compiled.
import type { Plugin } from 'vite';
import { chunkStartingWith, staticClosure } from './route-pages';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The app's entry chunk and the chunks of `startModules` (files under the app's root, where
 * first screens start), with every chunk they import statically, get the hint.
 */
export function compileHints(startModules: readonly string[]): Plugin {
  let root = '';
  // The chunks to hint, by their file names before hashing.
  let atStart: Set<string> | undefined;
  return {
    name: 'moments:compile-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    renderStart() {
      atStart = undefined;
    },
    renderChunk(_code, _chunk, _options, { chunks }) {
      if (atStart) return null;
      const all = Object.values(chunks);
      const start = [
        ...all.filter((chunk) => chunk.isEntry),
        ...startModules.map((module) => chunkStartingWith(all, root, module)),
      ];
      atStart = staticClosure(
        new Map(all.map((chunk) => [chunk.fileName, chunk])),
        start.map((chunk) => chunk.fileName),
      );
      return null;
    },
    // The hint is added below, after minification (which would drop it): it counts here.
    augmentChunkHash: (chunk) => (atStart?.has(chunk.fileName) ? COMPILE_HINT : undefined),
    generateBundle: {
      // After Vite's own additions to a chunk's start (the files of its dynamic imports).
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !atStart?.has(output.preliminaryFileName)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // Its source map (HIDDEN_SOURCEMAPS, an asset by now), one line further down.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
