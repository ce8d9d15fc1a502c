import type { Page, Route } from '@playwright/test';
import { createUser } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/**
 * Holds the app's code (the shell's async chunks and the remotes) until `release`: the server's
 * markup is on screen and the entry script has run, but nothing is hydrated, as on a slow phone.
 */
async function holdAppCode(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/(static\/js\/async|remotes)\/.+\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

test.describe('a form used before the page is interactive', () => {
  test('the login typed and submitted before hydration is sent by the app, never as a URL with the password', async ({
    page,
  }) => {
    const user = createUser();
    const release = await holdAppCode(page);
    const nativeSubmits: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.url().includes('/login') && request.method() !== 'GET')
        nativeSubmits.push(request.url());
      if (request.isNavigationRequest() && request.url().includes('password=')) nativeSubmits.push(request.url());
    });
    await page.goto('/en/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Mobile number').fill(user.mobile);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Nothing happened yet: the page is still the login page, the fields keep what was typed.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);

    const login = page.waitForRequest((request) => request.url().endsWith('/app-api/member/auth/login'));
    await release();
    expect((await login).postDataJSON()).toMatchObject({ password: user.password });
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(nativeSubmits).toEqual([]);
  });
});
