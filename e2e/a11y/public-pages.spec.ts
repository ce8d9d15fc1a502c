import { expectWcagClean } from '../support/axe.ts';
import { untilInteractive, watchErrors } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/** Every public page (the English one under /en), with the remote that renders it (null: the shell). */
const PAGES: ReadonlyArray<[path: string, remote: string | null]> = [
  ['/', 'marketing'],
  ['/dynamic-residential-proxies', 'marketing'],
  ['/static-residential-proxies', 'marketing'],
  ['/native-residential-proxies', 'marketing'],
  ['/use-scene', 'marketing'],
  ['/service', 'marketing'],
  ['/blog', 'marketing'],
  ['/blog/python-scraping-with-residential-proxies', 'marketing'],
  ['/terms', 'marketing'],
  ['/privacy', 'marketing'],
  ['/status', 'marketing'],
  ['/buy', 'checkout'],
  ['/login', null],
  ['/register', null],
  ['/forgot-password', null],
];

for (const [lang, prefix, locale] of [
  ['zh-CN', '', 'zh-CN'],
  ['en', '/en', 'en-US'],
] as const) {
  test.describe(`accessibility of the public pages (axe, WCAG 2.1 AA), ${lang}`, () => {
    // The browser's language matches the page's, so an unprefixed URL stays Chinese.
    test.use({ locale });
    for (const [path, remote] of PAGES) {
      const url = `${prefix}${path === '/' && prefix ? '' : path}`;
      test(url, async ({ page }) => {
        const errors = watchErrors(page);
        await page.goto(url);
        // Rendered by React (the app interactive, the page's remote loaded, its heading on screen)
        // before axe looks; no wait for an idle network, which costs half a second a page at best.
        await untilInteractive(page);
        if (remote) await expect(page.locator(`[data-remote="${remote}"]`)).toBeAttached();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expectWcagClean(page, url);
        expect(errors, `console errors on ${url}`).toEqual([]);
      });
    }
  });
}

test('register by e-mail: the other tab and its panel pass axe too', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/en/register');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeVisible();
  await expectWcagClean(page, '/en/register (e-mail tab)');
  expect(errors).toEqual([]);
});
