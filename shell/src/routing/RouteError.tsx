import { isRouteErrorResponse, useRouteError } from 'react-router';
import type { RemoteName } from '@portal/shared';
import { ErrorPage } from '../pages/errors/ErrorPage.tsx';
import { RemoteUnavailable } from '../pages/errors/RemoteUnavailable.tsx';

/** Errors thrown while rendering or loading a route, mapped to the spec's error pages. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 0;
  if (status === 404) return <ErrorPage kind="404" />;
  if (status === 403) return <ErrorPage kind="403" />;
  if (status >= 500) return <ErrorPage kind="500" />;
  return <ErrorPage kind="other" />;
}

/** A page of a remote failed (e.g. its chunk vanished after a rollback): fallback with retry. */
export function RemotePageError({ remote }: { remote: RemoteName }) {
  const error = useRouteError();
  console.error(error);
  // A path the served manifest declares but the served code has no page for: that page is missing.
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="404" />;
  return <RemoteUnavailable remote={remote} />;
}
