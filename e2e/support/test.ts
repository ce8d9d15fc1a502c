import { test as base, expect } from '@playwright/test';

/**
 * The e2e server configures a third-party analytics script; the sandbox has no internet, so every
 * page gets a local stand-in that records that it ran.
 */
export const test = base.extend<{ analyticsStandIn: undefined }>({
  analyticsStandIn: [
    async ({ context }, use) => {
      await context.route('https://analytics.e2e.test/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' }),
      );
      await use(undefined);
    },
    { auto: true },
  ],
});
export { expect };
