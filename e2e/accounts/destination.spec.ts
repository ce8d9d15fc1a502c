import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { codeFromOutbox, createUser, uniqueEmail, uniqueMobile, untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// Issue 28 items 2, 4 and 7: the package chosen before sign-up is never lost, a new member is
// welcomed, and keyboard users get a skip link, visible focus and focus on each new page's heading.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DEVICES = [
  {
    name: 'phone',
    use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA },
    pay: '/h5/pay',
  },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, pay: '/order' },
] as const;

const LANGS = [
  {
    prefix: '',
    name: 'Chinese',
    notice: '登录或注册后即可继续完成订单',
    warning: '请先登录',
    signUp: '注册',
    forgot: '忘记密码？',
    submitSignUp: '注册',
    welcome: '购买首个流量套餐',
    skip: '跳到主要内容',
  },
  {
    prefix: '/en',
    name: 'English',
    notice: 'Sign in or create an account to finish your order',
    warning: 'Please log in first',
    signUp: 'Sign up',
    forgot: 'Forgot password?',
    submitSignUp: 'Create account',
    welcome: 'Get started with your first traffic package',
    skip: 'Skip to main content',
  },
] as const;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses a package other than the preselected one on /buy and clicks Buy; returns its id and traffic. */
async function choosePackageAndBuy(page: Page) {
  await untilInteractive(page);
  const cards = page.getByTestId('package-card');
  const id = (await cards
    .filter({ hasNot: page.locator('input:checked') })
    .first()
    .getAttribute('data-package-id')) as string;
  const card = page.locator(`[data-testid="package-card"][data-package-id="${id}"]`);
  const traffic = ((await card.locator('.chakra-radio-card__itemText').first().textContent()) ?? '').trim();
  await card.click();
  await expect(card.locator('input')).toBeChecked();
  await page.getByTestId('buy-now').click();
  return { id, traffic };
}

for (const device of DEVICES) {
  test.describe(`the destination is never lost (${device.name})`, () => {
    test.use(device.use);

    for (const lang of LANGS) {
      test(`a visitor picks a package on /buy, signs up from the login page and lands on that order (${lang.name})`, async ({
        page,
        request,
      }) => {
        await page.goto(`${lang.prefix}/buy`);
        const chosen = await choosePackageAndBuy(page);
        const destination = `${lang.prefix}${device.pay}?package=${chosen.id}`;

        // A neutral note on the login page, not a warning toast.
        await expect(page).toHaveURL(
          new RegExp(`${literal(lang.prefix)}/login\\?redirect=${literal(encodeURIComponent(destination))}$`),
        );
        await expect(page.getByTestId('auth-return-notice')).toContainText(lang.notice);
        await expect(page.getByText(lang.warning)).toHaveCount(0);
        await expect(page.locator('main h1')).toBeFocused();
        await expectWcagClean(page);

        await page.getByRole('link', { name: lang.signUp, exact: true }).click();
        await expect(page).toHaveURL(
          new RegExp(`${literal(lang.prefix)}/register\\?redirect=${literal(encodeURIComponent(destination))}$`),
        );
        await expect(page.getByTestId('auth-return-notice')).toContainText(lang.notice);
        await expect(page.locator('main h1')).toBeFocused();

        if (lang.prefix === '/en') {
          // English visitors sign up by e-mail first.
          const email = uniqueEmail();
          await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
          await page.getByTestId('send-code').click();
          await page.getByLabel('Verification code', { exact: true }).fill(await codeFromOutbox(request, email));
          await page.getByLabel('Password', { exact: true }).fill('Secret-2026');
          await page.getByLabel('Confirm password').fill('Secret-2026');
        } else {
          const mobile = uniqueMobile();
          await page.getByRole('textbox', { name: '手机号', exact: true }).fill(mobile);
          await page.getByTestId('send-code').click();
          await page.getByLabel('验证码', { exact: true }).fill(await codeFromOutbox(request, mobile));
          await page.getByLabel('密码', { exact: true }).fill('Secret-2026');
          await page.getByLabel('确认密码').fill('Secret-2026');
        }
        await page.getByTestId('agreement').click();
        await page.getByRole('button', { name: lang.submitSignUp, exact: true }).click();

        // The order of the package chosen before signing up, in the visitor's language.
        await expect(page).toHaveURL(
          new RegExp(`${literal(lang.prefix)}${literal(device.pay)}\\?(package=${chosen.id}|id=\\d+)$`),
        );
        await expect(page.getByTestId('summary-traffic')).toContainText(chosen.traffic);
        await expect(page.locator('main h1')).toBeFocused();

        // A brand-new member is welcomed with the packages, not told the traffic is used up.
        await page.goto(`${lang.prefix}/admin/dashboard`);
        await expect(page.getByTestId('first-purchase-card')).toContainText(lang.welcome);
        await expect(page.getByTestId('out-of-traffic-notice')).toHaveCount(0);
        await expect(page.getByTestId('certification-notice')).toHaveCount(1);
        await expectWcagClean(page);
      });
    }
  });
}

test.describe('forgot password keeps the destination', () => {
  for (const lang of LANGS) {
    test(`login → forgot password → login → the order (${lang.name})`, async ({ page, request }) => {
      const user = createUser();
      await page.goto(`${lang.prefix}/buy`);
      const chosen = await choosePackageAndBuy(page);
      const destination = `${lang.prefix}/order?package=${chosen.id}`;
      const redirect = `redirect=${encodeURIComponent(destination)}`;
      await expect(page).toHaveURL(new RegExp(`/login\\?${literal(redirect)}$`));

      await page.getByRole('link', { name: lang.forgot }).click();
      await expect(page).toHaveURL(new RegExp(`${literal(lang.prefix)}/forgot-password\\?${literal(redirect)}$`));
      await expect(page.getByTestId('auth-return-notice')).toContainText(lang.notice);
      if (lang.prefix === '/en') await page.getByRole('tab', { name: 'Mobile' }).click();
      await page.getByTestId('mobile-country').selectOption('CN');
      await page.getByRole('textbox', { name: lang.prefix ? 'Mobile number' : '手机号', exact: true }).fill(user.mobile);
      await page.getByTestId('send-code').click();
      await page
        .getByLabel(lang.prefix ? 'Verification code' : '验证码', { exact: true })
        .fill(await codeFromOutbox(request, user.mobile));
      await page.getByLabel(lang.prefix ? 'New password' : '新密码', { exact: true }).fill('Brand-new-2026');
      await page.getByLabel(lang.prefix ? 'Confirm password' : '确认密码').fill('Brand-new-2026');
      await page.getByRole('button', { name: lang.prefix ? 'Reset password' : '重置密码' }).click();

      await expect(page).toHaveURL(new RegExp(`${literal(lang.prefix)}/login\\?${literal(redirect)}$`));
      await page
        .getByRole('textbox', { name: lang.prefix ? 'Mobile number or e-mail' : '手机号或邮箱', exact: true })
        .fill(user.mobile);
      await page.getByLabel(lang.prefix ? 'Password' : '密码', { exact: true }).fill('Brand-new-2026');
      await page.getByRole('button', { name: lang.prefix ? 'Log in' : '登录', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${literal(lang.prefix)}/order\\?(package=${chosen.id}|id=\\d+)$`));
      await expect(page.getByTestId('summary-traffic')).toContainText(chosen.traffic);
    });
  }

  test('a way back that would leave the site is dropped', async ({ page }) => {
    await page.goto(`/en/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await expect(page.getByTestId('auth-return-notice')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/en/register');
  });
});

test.describe('keyboard and focus', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const lang of LANGS) {
    test(`the skip link comes first, focus follows navigation, and a focused card is not a selected one (${lang.name})`, async ({
      page,
    }) => {
      await page.goto(`${lang.prefix}/buy`);
      await untilInteractive(page);

      await page.keyboard.press('Tab');
      const skip = page.getByTestId('skip-link');
      await expect(skip).toBeFocused();
      await expect(skip).toHaveText(lang.skip);
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main h1')).toBeFocused();

      // A focused card that is not selected shows a ring; the selected one a border, no ring.
      const cards = page.getByTestId('package-card');
      const selected = cards.filter({ has: page.locator('input:checked') }).first();
      const other = cards.filter({ hasNot: page.locator('input:checked') }).first();
      await other.locator('input').focus();
      await expect(other).toHaveAttribute('data-focus-visible', '');
      const look = (card: typeof other) =>
        card.evaluate((el) => {
          const s = getComputedStyle(el);
          return {
            outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
            border: s.borderColor,
            bg: s.backgroundColor,
            shadow: s.boxShadow,
          };
        });
      const focused = await look(other);
      const chosen = await look(selected);
      expect(focused.outline).toMatch(/^solid 3px /);
      expect(chosen.outline).not.toMatch(/^solid 3px /);
      expect(focused.border).not.toBe(chosen.border);
      expect(focused.shadow).not.toBe(chosen.shadow);
      await expect(other.locator('input')).not.toBeChecked();

      // A client navigation puts focus on the new page's heading.
      await page.locator('header').getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`^[^?]*${literal(lang.prefix)}/?$`));
      await expect(page.locator('main h1')).toBeFocused();
    });
  }
});
