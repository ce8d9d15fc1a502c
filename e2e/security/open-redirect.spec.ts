import { createUser, logIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/** Fails the test on any request that leaves for the attacker's host (and never lets one out). */
async function guardEvilHost(page: import('@playwright/test').Page) {
  const left: string[] = [];
  await page.context().route(/^https?:\/\/evil\.example\//, (route) => {
    left.push(route.request().url());
    return route.abort();
  });
  return left;
}

// Issue 27, finding 4: `GET /en//evil.example/x` answered a 404 page whose language link was
// `href="//evil.example/x"`.
test.describe('links built from a made-up path', () => {
  for (const url of [
    '/en//evil.example/x',
    '/en/\\evil.example/x',
    '/en/%2F%2Fevil.example/x',
    '/en/%5Cevil.example/x',
    '/en/%09/evil.example/x',
  ]) {
    test(`the 404 page of ${url} switches language on this site`, async ({ page, baseURL }) => {
      const left = await guardEvilHost(page);
      const res = await page.goto(url);
      expect(res?.status()).toBe(404);
      const link = page.getByTestId('language-switch');
      await expect(link).toHaveAttribute('href', '/evil.example/x');
      await link.click();
      await expect(page).toHaveURL(`${baseURL}/evil.example/x`);
      expect(left).toEqual([]);
    });
  }

  test('a crafted way back after login lands on the user centre, not elsewhere', async ({ page, baseURL }) => {
    const left = await guardEvilHost(page);
    const user = createUser();
    // What `?redirect=` decodes to: `/<tab>/evil.example/x`, which a browser reads as //evil.example/x.
    await page.goto(`/en/login?redirect=${encodeURIComponent('/\t/evil.example/x')}`);
    await logIn(page, user, { mobile: 'Mobile number', password: 'Password', submit: 'Log in' });
    // Where the browser went: the attacker's URL if it tried to leave, else the page it is on.
    await expect.poll(() => left[0] ?? page.url()).toBe(`${baseURL}/en`);
  });
});
