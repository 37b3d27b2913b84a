import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { MountErrorMessage } from './components/errors/app-error-boundary';
import { readEnv } from './config/env';
import { registerServiceWorker } from './lib/pwa';

const container = document.getElementById('root');

try {
  if (!container) throw new Error('The #root element is missing from index.html.');
  readEnv();
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (a slow phone stays responsive meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  registerServiceWorker();
} catch (error) {
  // A failure before React could mount: show a plain message rather than a blank page.
  console.error('The app failed to start:', error);
  if (container) {
    createRoot(container).render(<MountErrorMessage />);
  } else {
    document.body.textContent = 'Moments could not start. Please reload the page.';
  }
}
