import { useEffect, useLayoutEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { MountErrorMessage } from '../components/errors/app-error-boundary';
import { dismissPagePreview } from '../features/moments/utils/preview-layer';
import { forgetFailedDownloads } from './lazy-page';

/** A route that fails to render or load (e.g. a chunk gone after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed:', error);
  }, [error]);
  // Leaving this screen: a page whose code failed to download is downloaded again next time.
  useEffect(() => forgetFailedDownloads, []);
  useLayoutEffect(dismissPagePreview, []);
  return <MountErrorMessage />;
}
