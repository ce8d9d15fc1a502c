import type { DefaultError, Query } from '@tanstack/react-query';
import { ResultCode } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';

/** The spec's error pages a failed data call can lead to (SPEC sections 4 and 8). */
export type PageErrorKind = '500' | '403';

/**
 * Which error page a failed call means: the server failed (HTTP 5xx, or its ServerError body code),
 * could not be reached or did not answer in time → 500 "server busy"; the caller may not see this
 * (HTTP 403, body code 1006000000) → 403. Anything else (a business rule, an expired session, a bad
 * answer) is the page's to show where it happened.
 */
export function pageErrorOf(error: unknown): PageErrorKind | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.kind) {
    case 'http':
    case 'network':
    case 'timeout':
      return '500';
    case 'not-authorised':
      return '403';
    case 'business':
      return error.code === ResultCode.ServerError ? '500' : null;
    default:
      return null;
  }
}

/**
 * react-query's `throwOnError` for every query: a page's data call that fails as above before it
 * ever had data is thrown to the route's error boundary (RouteError.tsx), which shows the error page
 * in the layout, so no page has to. A refetch that fails keeps the data on screen (the toast says
 * why), and a query marked `meta.errorPage: false` (not the page's own data) never throws.
 * Mutations never throw: forms keep their toasts and inline messages.
 */
export function throwsToErrorPage(
  error: DefaultError,
  query: Query<unknown, DefaultError, unknown, readonly unknown[]>,
): boolean {
  return query.meta?.errorPage !== false && query.state.data === undefined && pageErrorOf(error) !== null;
}
