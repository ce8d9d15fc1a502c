import type { Page } from '@playwright/test';
import { untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/** Where the element is, measured from the top of the viewport, and the margin it scrolls to. */
const placeOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => ({
    top: el.getBoundingClientRect().top,
    margin: Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0,
  }));

test.describe('navigation (SPEC section 2)', () => {
  test('scrolls to the hash target when the URL names one, and to the top otherwise (English)', async ({ page }) => {
    await page.goto('/en');
    await untilInteractive(page);
    // A link far down the home page, to a section far down the use-cases page.
    const more = page.getByTestId('home-use-cases').locator('a[href$="#market-research"]');
    await more.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await more.click();
    await expect(page).toHaveURL(/\/en\/use-scene#market-research$/);
    await expect(page.locator('#market-research')).toBeInViewport();
    // The target's top is at the top of the window (below the sticky header it leaves room for).
    await expect
      .poll(async () => {
        const { top, margin } = await placeOf(page, '#market-research');
        return Math.abs(top - margin);
      })
      .toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // A page without a hash opens at the top, however far down the last one was.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/en\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('shows the loading bar while the next page loads, and removes it once it is there (Chinese)', async ({ page }) => {
    await page.goto('/use-scene');
    await untilInteractive(page);
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveCount(0);
    // The next page's code arrives slowly, as on a poor connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.m?js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '博客' }).click();
    await expect(bar).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '加载中…' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/博客/);
    await expect(bar).toHaveCount(0);
  });
});
