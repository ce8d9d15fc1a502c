import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test.ts';

/** The e2e server runs the sandbox (SANDBOX=true): every page must say so, in the page's language. */
test.describe('sandbox band', () => {
  test('every page says it is the sandbox, in both languages, accessibly', async ({ page }) => {
    test.slow();
    for (const [path, text] of [
      ['/en', 'Sandbox — not for real customers'],
      ['/', '沙箱环境 — 请勿用于真实客户'],
      ['/en/login', 'Sandbox — not for real customers'],
      ['/zh-CN/buy', '沙箱环境 — 请勿用于真实客户'],
      ['/en/no-such-page', 'Sandbox — not for real customers'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      const band = page.getByRole('complementary', { name: text });
      await expect(band, path).toBeVisible();
      await expect(band).toContainText(text);
    }
    await page.goto('/en/service');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('sandbox-band')).toBeVisible();
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('wraps on a 375 px phone without pushing the page sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/', '/en/buy']) {
      await page.goto(path);
      const band = page.getByTestId('sandbox-band');
      await expect(band).toBeVisible();
      const box = await band.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBeLessThanOrEqual(375);
      // The header still sits right under the band, and nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const header = await page.locator('header').first().boundingBox();
      expect(header?.y).toBeGreaterThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) - 1);
    }
  });
});
