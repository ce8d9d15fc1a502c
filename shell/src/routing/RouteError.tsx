import { IntlProvider } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from '@portal/shared/router';
import type { Locale, RemoteName } from '@portal/shared';
import { useMessages } from '../i18n/catalogs.ts';
import { pageErrorOf } from '../http/page-errors.ts';
import { type ErrorKind, ErrorPage } from '../pages/errors/ErrorPage.tsx';
import { RemoteUnavailable } from '../pages/errors/RemoteUnavailable.tsx';

/** The error page of a thrown route response (404, 403, 5xx) or a page's failed data call, if any. */
export function errorKindOf(error: unknown): ErrorKind | null {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return '404';
    if (error.status === 403) return '403';
    if (error.status >= 500) return '500';
    return null;
  }
  return pageErrorOf(error);
}

/** Errors thrown while rendering or loading a route, mapped to the spec's error pages. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <ErrorPage kind={errorKindOf(error) ?? 'other'} />;
}

/**
 * The locale root itself failed (its loader, or a part of it while rendering): the error page takes
 * its place, so it brings the locale's messages (a blank window otherwise: the error page could not
 * find its words, issue 41).
 */
export function RootRouteError({ locale }: { locale: Locale }) {
  const messages = useMessages(locale);
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="zh-CN">
      <RouteError />
    </IntlProvider>
  );
}

/**
 * A page of a remote failed: a failed data call or a missing page gets its error page; anything
 * else (e.g. its chunk vanished after a rollback) the remote's fallback with retry.
 */
export function RemotePageError({ remote }: { remote: RemoteName }) {
  const error = useRouteError();
  console.error(error);
  const kind = errorKindOf(error);
  if (kind) return <ErrorPage kind={kind} />;
  return <RemoteUnavailable remote={remote} />;
}
