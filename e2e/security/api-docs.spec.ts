import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

declare global {
  interface Window {
    __docsViolations?: string[];
  }
}

/** Records every CSP violation of the page (an init script runs outside the page's CSP). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__docsViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__docsViolations?.push(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
      ),
    );
  });
}

// Issue 27, finding 8: the API's `default-src 'none'` left these pages blank.
// Each page with a GET operation to try and the status it answers (the v1 one needs a token).
for (const [url, operation, status] of [
  ['/app-api/docs', '/app-api/getIp', '200'],
  ['/api/v1/docs', '/api/v1/usage', '401'],
] as const) {
  test(`${url} lists the operations of its OpenAPI document, styled, without a CSP violation`, async ({ page }) => {
    test.slow();
    await recordViolations(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The tried call's own refusal (401 without a token) is logged by the browser; that is no fault.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const path = page.locator(`.opblock .opblock-summary-path[data-path="${operation}"]`).first();
    // The portal's document is large: rendering it takes a while on a busy machine.
    await expect(path).toBeVisible({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(3);
    // Its stylesheet applied: the method badge is coloured, not a bare inline word.
    const badge = page.locator('.opblock .opblock-summary-method').first();
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // An operation opens and "Try it out" calls the API from the page (connect-src).
    await path.click();
    const open = page.locator('.opblock.is-open').filter({ has: page.locator(`[data-path="${operation}"]`) });
    await open.getByRole('button', { name: 'Try it out' }).click();
    await open.getByRole('button', { name: 'Execute' }).click();
    await expect(open.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(status);
    expect(await page.evaluate(() => window.__docsViolations ?? [])).toEqual([]);
    expect(errors).toEqual([]);
  });
}
