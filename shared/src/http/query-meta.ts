/**
 * What a query tells the shell about itself (react-query's `meta`). By default a page's data call
 * that fails with a server error, no connection or a refusal replaces the page with the 500 or 403
 * page (docs/decisions/0006-shell-behaviours.md); a query that is not the page's own data (the
 * layout's site settings, a dialog's, a card's, a select's options) says `errorPage: false` and
 * keeps showing its failure where it is.
 */
export interface PortalQueryMeta extends Record<string, unknown> {
  errorPage?: boolean;
  /** Answered at the session's prices: refetched at login and logout (PRICE_QUERY, ui/commerce/catalogue.ts). */
  prices?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: PortalQueryMeta;
  }
}

/** `meta` of a query whose failure is shown in place, never as the page's error page. */
export const NO_ERROR_PAGE = { errorPage: false } as const satisfies PortalQueryMeta;
