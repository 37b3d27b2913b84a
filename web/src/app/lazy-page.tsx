import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type { Params } from 'react-router-dom';

/** How to forget each page whose download failed and was shown. */
const failedPages = new Set<() => void>();

/** The error screen was left: pages whose download failed download again when next visited. */
export function forgetFailedDownloads(): void {
  for (const forget of failedPages) forget();
  failedPages.clear();
}

/**
 * A lazy page whose code (and what it asks the server for first) the first screen can start
 * fetching while the session is still being checked, instead of after. Unlike React.lazy, it
 * renders at once when its code is already here: React.lazy suspends once even then, and React
 * holds a suspended boundary's content back until 300 ms after its fallback showed.
 * With a `frame`, a press that leads to the page while its code is on its way shows the frame at
 * once: the router's navigation is a transition, which keeps the previous page on the screen
 * while a boundary already showing waits, but shows a new boundary's fallback.
 */
export function page<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  prefetch?: (params: Params) => unknown,
  frame?: ReactNode,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  let failure: { error: unknown } | undefined;
  const forgetFailure = () => {
    failure = undefined;
    loading = undefined;
  };
  const loadCode = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function LoadedPage(props: P) {
    if (!loaded) {
      const code = loadCode();
      if (failure) {
        // Thrown until the person leaves the route's error screen (React renders a failed tree
        // more than once): then the next visit downloads again, e.g. a chunk that failed
        // offline. Downloading again at once would hide the failure behind a loading screen.
        failedPages.add(forgetFailure);
        throw failure.error;
      }
      use(code);
    }
    const Loaded = loaded as ComponentType<P>;
    return <Loaded {...props} />;
  }
  // Always inside its boundary when it has a frame: the tree keeps its shape once the code is here.
  function Page(props: P) {
    if (frame === undefined) return <LoadedPage {...props} />;
    return (
      <Suspense fallback={frame}>
        <LoadedPage {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, {
    /** Starts fetching the code and the first answers; resolves when the code is here. */
    preload: (params: Params): Promise<unknown> => {
      void prefetch?.(params);
      return loadCode();
    },
  });
}
