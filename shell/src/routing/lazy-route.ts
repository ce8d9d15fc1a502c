import type { RouteObject } from '@portal/shared/router';

export type LazyRoute = Awaited<ReturnType<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>>;

/**
 * A route's `lazy` whose failure reaches the route's own error element. React Router renders
 * nothing below the locale root when `lazy` itself rejects (a blank window when a page's code could
 * not be fetched, issue 41); a loader that throws is shown by the error element, so a failed load
 * becomes that.
 */
export const failingToErrorElement = (load: () => Promise<LazyRoute>) => async (): Promise<LazyRoute> => {
  try {
    return await load();
  } catch (error) {
    return {
      loader: () => {
        throw error;
      },
    };
  }
};
