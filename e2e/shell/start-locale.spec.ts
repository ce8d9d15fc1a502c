import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

// Decision 0033: the server answers a first visit in the visitor's language, so the first paint is
// never in the other one. Scripts are switched off where the first paint is asserted: what is on
// screen then is exactly the server's answer, before any hydration.

const HAN = /\p{Script=Han}/u;
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Text on screen that is not marked as Chinese (the language switch names 简体中文 in its own language). */
const textOutsideChinese = (page: Page) =>
  page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [lang="zh-CN"], [hidden]')) continue;
      if (parent.checkVisibility && !parent.checkVisibility()) continue;
      parts.push(node.textContent ?? '');
    }
    return `${document.title}\n${parts.join(' ')}`;
  });

async function open(browser: Browser, options: BrowserContextOptions, cookie?: 'en' | 'zh-CN') {
  const context = await browser.newContext(options);
  // As the test fixture does for its own context: the sandbox has no internet for the analytics script.
  await context.route('https://analytics.e2e.test/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' }),
  );
  if (cookie) {
    const { origin } = new URL(test.info().project.use.baseURL ?? '');
    await context.addCookies([{ name: 'locale', value: cookie, url: origin }]);
  }
  return { context, page: await context.newPage() };
}

test.describe('locale at start, decided by the server', () => {
  test('an en-US browser at / is answered in English: redirected before any paint, never Chinese text', async ({ browser }) => {
    const { context, page } = await open(browser, { locale: 'en-US', javaScriptEnabled: false });
    const res = await page.goto('/');
    // The server moved it, not a script: the first document painted is the English page.
    expect(res?.request().redirectedFrom()?.url()).toMatch(/:\d+\/$/);
    expect(res?.status()).toBe(200);
    expect(res?.request().url()).toMatch(/\/en$/);
    const answer = await res?.text();
    expect(answer).toMatch(/<html lang="en">/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await test.info().attach('first paint', { body: await page.screenshot(), contentType: 'image/png' });
    expect(await textOutsideChinese(page)).not.toMatch(HAN);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/en$/);
    await context.close();
  });

  test('an en-US browser with scripts hydrates the English page in place, with no errors', async ({ browser }) => {
    const { context, page } = await open(browser, { locale: 'en-US' });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/buy?ref=ad');
    await expect(page).toHaveURL(/\/en\/buy\?ref=ad$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy traffic packages');
    expect(await textOutsideChinese(page)).not.toMatch(HAN);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a zh-CN browser stays at / in Chinese', async ({ browser }) => {
    const { context, page } = await open(browser, { locale: 'zh-CN' });
    const res = await page.goto('/');
    expect(res?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HAN);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /:\d+\/$/);
    await context.close();
  });

  test('the saved locale cookie wins both ways', async ({ browser }) => {
    const chosenChinese = await open(browser, { locale: 'en-US', javaScriptEnabled: false }, 'zh-CN');
    await chosenChinese.page.goto('/buy');
    await expect(chosenChinese.page).toHaveURL(/:\d+\/buy$/);
    await expect(chosenChinese.page.getByRole('heading', { level: 1 })).toHaveText('购买流量套餐');
    await chosenChinese.context.close();

    const chosenEnglish = await open(browser, { locale: 'zh-CN', javaScriptEnabled: false }, 'en');
    await chosenEnglish.page.goto('/buy');
    await expect(chosenEnglish.page).toHaveURL(/\/en\/buy$/);
    await expect(chosenEnglish.page.getByRole('heading', { level: 1 })).toHaveText('Buy traffic packages');
    await chosenEnglish.context.close();
  });

  test('a search engine gets / in Chinese whatever its language, and scripts do not move it', async ({ browser }) => {
    const { context, page } = await open(browser, { locale: 'en-US', userAgent: GOOGLEBOT_UA });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HAN);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /:\d+\/$/);
    await expect(page.getByTestId('language-switch')).toBeVisible();
    await expect(page).toHaveURL(/:\d+\/$/);
    await context.close();
  });

  test('home use-case links say where they lead, in both languages', async ({ page }) => {
    await page.goto('/en');
    const en = page.getByTestId('home-use-cases').getByRole('link');
    await expect(en).toHaveCount(6);
    await expect(en.first()).toHaveAccessibleName('More about data scraping');
    await expect(page.getByRole('link', { name: 'Read more', exact: true })).toHaveCount(0);
    await page.goto('/');
    const zh = page.getByTestId('home-use-cases').getByRole('link');
    await expect(zh.first()).toHaveAccessibleName('了解数据采集场景');
    await expect(page.getByRole('link', { name: '了解更多', exact: true })).toHaveCount(0);
  });
});
