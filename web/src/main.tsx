// First: set before any schema parses (see the module).
import './config/zod';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { MountErrorMessage } from './components/errors/app-error-boundary';
import { readEnv } from './config/env';
import { createAppRouter, startFirstScreen } from './app/router';
import { afterTask } from './lib/schedule';
import { registerServiceWorker } from './lib/pwa';
import { dismissPagePreview } from './features/moments/utils/preview-layer';

const container = document.getElementById('root');

/** A failure before React could mount: a plain message rather than a blank page. */
function fail(error: unknown) {
  console.error('The app failed to start:', error);
  dismissPagePreview();
  if (container) {
    createRoot(container).render(<MountErrorMessage />);
  } else {
    document.body.textContent = 'Moments could not start. Please reload the page.';
  }
}

/** `work` in a task of its own (lib/schedule.ts); a failure shows the plain message. */
function afterTaskOrFail(work: () => void) {
  afterTask(() => {
    try {
      work();
    } catch (error) {
      fail(error);
    }
  });
}

/**
 * Starts the app, each step in a task of its own after the one that evaluated the app's modules:
 * the first screen's code and calls, then the router and the first render.
 */
function start(root: Root) {
  const firstScreen = startFirstScreen();
  afterTaskOrFail(() => {
    const router = createAppRouter();
    // The first render waits for the first screen's code, the page's HTML showing meanwhile (the
    // loading screen, or the sign-in screen prerendered into auth.html): it then draws that
    // screen itself, with no loading screen in between. As a transition, it yields to the
    // browser every few milliseconds instead of holding the main thread for the whole tree.
    void firstScreen.then(() =>
      startTransition(() => {
        root.render(
          <StrictMode>
            <App router={router} />
          </StrictMode>,
        );
      }),
    );
    registerServiceWorker();
  });
}

try {
  if (!container) throw new Error('The #root element is missing from index.html.');
  readEnv();
  const root = createRoot(container);
  afterTaskOrFail(() => start(root));
} catch (error) {
  fail(error);
}
