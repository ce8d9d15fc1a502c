import type { Page } from '@playwright/test';
import { expectRemotePage } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  /** source file:line:column */
  at: string;
}

declare global {
  interface Window {
    __violations?: Violation[];
    __pwned?: number;
  }
}

/** Records every CSP violation of the page (an init script runs outside the page's CSP). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations?.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        at: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__violations ?? []);

test.describe('Content-Security-Policy', () => {
  test('an inline script injected into the page HTML is blocked and reported', async ({ page, context }) => {
    test.slow();
    await recordViolations(page);
    const reports: string[] = [];
    await context.route('**/app-api/csp-report', async (route) => {
      reports.push(route.request().postData() ?? '');
      await route.continue();
    });
    // The server's real answer, headers included, with a script slipped into its HTML on the way,
    // as a stored or reflected injection would put it there.
    let headers: Record<string, string> = {};
    await page.route(
      (url) => url.pathname === '/en/service',
      async (route) => {
        const response = await route.fetch();
        headers = response.headers();
        const html = (await response.text()).replace('</head>', '<script>window.__pwned=1</script></head>');
        await route.fulfill({ response, body: html, headers });
      },
    );
    await page.goto('/en/service');
    await expectRemotePage(page, 'marketing');
    expect(headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    await expect
      .poll(() => violations(page))
      .toContainEqual(expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }));
    // The browser also tells the server (report-uri); seen when it goes through the page's network.
    if (reports.length > 0) expect(reports.join('\n')).toContain('script-src');
  });

  test('the portal itself runs under it without a single violation', async ({ page }) => {
    test.slow();
    await recordViolations(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Permissions-Policy/i.test(message.text()))
        errors.push(message.text());
    });
    await page.goto('/en');
    await expectRemotePage(page, 'marketing');
    expect(await violations(page)).toEqual([]);
    await page.goto('/en/buy');
    await expectRemotePage(page, 'checkout');
    expect(await violations(page)).toEqual([]);
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // The analytics stand-in (another origin, allowed by name) ran.
    expect(await page.evaluate(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded)).toBe(true);
    expect(errors).toEqual([]);
  });
});
