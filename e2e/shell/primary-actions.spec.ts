import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// The floating customer-service button never covers a primary action ("Buy now", "Pay"), on a
// laptop screen (a tab on the right edge) or on a phone (lifted over a sticky buy bar), and the
// phone's sticky bars keep the choice, the price and "Buy now" in view.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SCREENS = [
  { name: 'laptop 1280×800', use: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone 375×812',
    use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: IPHONE },
  },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * At the top of the page and with each primary action scrolled into view, the support button's
 * box meets no visible primary action's box.
 */
async function expectNothingCovered(page: Page, where: string) {
  const support = page.getByTestId('customer-service-button');
  await expect(support).toBeVisible();
  const actions = page.locator('[data-primary-action]:visible');
  await expect(actions.first()).toBeVisible();
  const count = await actions.count();
  const positions = [-1, ...Array.from({ length: count }, (_, i) => i)];
  for (const at of positions) {
    if (at < 0) await page.evaluate(() => window.scrollTo(0, 0));
    else await actions.nth(at).scrollIntoViewIfNeeded();
    // The button follows on the next frame, then moves for 150 ms.
    await page.waitForTimeout(400);
    const button = await support.boundingBox();
    expect(button, `${where}: the support button has a box`).not.toBeNull();
    for (let i = 0; i < count; i++) {
      const box = await actions.nth(i).boundingBox();
      if (!box || !button) continue;
      const name = (await actions.nth(i).getAttribute('data-testid')) ?? `action ${i}`;
      expect(overlap(button, box), `${where}: support button over ${name} (${JSON.stringify({ button, box })})`).toBe(false);
    }
  }
}

for (const screen of SCREENS) {
  test.describe(`primary actions on a ${screen.name}`, () => {
    test.use(screen.use);

    test('the support button covers no Buy now or Pay button on /buy, static IP purchase and /order', async ({ page }) => {
      await signIn(page, 0);
      for (const prefix of ['', '/en']) {
        await page.goto(`${prefix}/buy`);
        await expect(page.getByTestId('package-card').first()).toBeVisible();
        await expectNothingCovered(page, `${prefix}/buy`);
        const packageId = await page.getByTestId('package-card').first().getAttribute('data-package-id');

        await page.goto(`${prefix}/admin/static/buy`);
        await expect(page.getByTestId('static-region').first()).toBeVisible();
        await expectNothingCovered(page, `${prefix}/admin/static/buy`);

        await page.goto(`${prefix}/order?package=${packageId}`);
        await expect(page.getByTestId('pay-button')).toBeVisible();
        await expectNothingCovered(page, `${prefix}/order`);
      }
    });
  });
}

test.describe('sticky buy bars on a phone', () => {
  test.use(SCREENS[1].use);

  test('/buy keeps the chosen package, its price and Buy now in view; it rests above the summary at the end', async ({
    page,
  }) => {
    await page.goto('/en/buy');
    const bar = page.getByTestId('buy-bar');
    await expect(bar).toBeInViewport();
    const card = page.locator('[data-testid="package-card"]').nth(1);
    await card.click();
    await expect(bar.getByTestId('buy-bar-price')).toHaveText(/¥[\d,]+\.\d\d/);
    await expect(bar.getByTestId('buy-bar-choice')).toContainText('GB');
    await expectWcagClean(page, '/en/buy with its sticky bar (phone)');
    // The summary card is 1,800 px down; the bar's button is on screen, and leads on like it.
    await expect(page.getByTestId('buy-now')).not.toBeInViewport();
    await expect(bar.getByTestId('buy-bar-button')).toBeInViewport();
    // Further down, where the summary card is, the bar has come to rest after the packages and
    // covers nothing.
    await page.getByTestId('buy-now').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('buy-now')).toBeInViewport();
    const barBox = await bar.boundingBox();
    const summaryBox = await page.getByTestId('buy-summary').boundingBox();
    expect(barBox && summaryBox && barBox.y + barBox.height <= summaryBox.y).toBe(true);
    await bar.getByTestId('buy-bar-button').scrollIntoViewIfNeeded();
    await bar.getByTestId('buy-bar-button').click();
    await expect(page).toHaveURL(/\/en\/(h5\/pay|login)/);
  });

  test('the static IP purchase page keeps the total and Buy now in view (Chinese)', async ({ page }) => {
    await signIn(page, 0);
    await page.goto('/admin/static/buy');
    const bar = page.getByTestId('static-buy-bar');
    await expect(bar).toBeInViewport();
    await expect(bar.getByTestId('static-bar-total')).toHaveText(/¥[\d,]+\.\d\d/);
    await expectWcagClean(page, '/admin/static/buy with its sticky bar (phone)');
    await expect(page.getByTestId('static-buy')).not.toBeInViewport();
    await bar.getByTestId('static-buy-bar-button').click();
    await expect(page.getByTestId('static-pay-dialog')).toBeVisible();
  });
});

test.describe('user centre header and navigation on a phone', () => {
  test.use(SCREENS[1].use);

  for (const prefix of ['', '/en']) {
    test(`the navigation strip shows the current page, and the logo keeps its name (${prefix || 'zh'})`, async ({ page }) => {
      await signIn(page, 0);
      await page.goto(`${prefix}/admin/static/management`);
      const nav = page.getByTestId('admin-nav');
      const current = nav.locator('[aria-current=page]');
      await expect(current).toBeVisible();
      await expect(current).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectWcagClean(page, `${prefix}/admin/static/management header and navigation (phone)`);
      // The site name is whole, not cut to its first letter.
      const name = page.getByTestId('site-name');
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // A client navigation to an item back at the start brings that one into view.
      await nav
        .locator('a')
        .first()
        .evaluate((a: HTMLElement) => a.click());
      await expect(nav.locator('[aria-current=page]')).toBeInViewport({ ratio: 1 });
    });
  }
});
