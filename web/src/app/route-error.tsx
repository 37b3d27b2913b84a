import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { MountErrorMessage } from '../components/errors/app-error-boundary';

/** A route that fails to render or load (e.g. a chunk gone after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed:', error);
  }, [error]);
  return <MountErrorMessage />;
}
