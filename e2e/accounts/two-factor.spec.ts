import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { signIn, untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';
import { totp } from '../support/totp.ts';

/**
 * Two factors (issue 32, ask 3; decision 0056): set up an authenticator app on the account page,
 * then sign in with its code, and with a recovery code.
 */
const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    texts: {
      on: 'On',
      account: 'Mobile number or e-mail',
      password: 'Password',
      submit: 'Log in',
      code: 'Authentication code',
      verify: 'Verify and log in',
      wrong: 'That code is not right',
    },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    texts: {
      on: '已开启',
      account: '手机号或邮箱',
      password: '密码',
      submit: '登录',
      code: '验证码',
      verify: '验证并登录',
      wrong: '验证码不正确',
    },
  },
] as const;

type Texts = (typeof cases)[number]['texts'];

async function passwordStep(page: Page, prefix: string, user: { mobile: string; password: string }, t: Texts) {
  await page.goto(`${prefix}/login`);
  await untilInteractive(page);
  await page.getByLabel(t.account).fill(user.mobile);
  await page.getByLabel(t.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(page.getByTestId('second-factor-step')).toBeVisible();
}

test.describe('two-factor authentication', () => {
  for (const c of cases) {
    test(`set up an authenticator app, then sign in with a code and with a recovery code (${c.lang})`, async ({ browser }) => {
      test.slow(); // three browsers and axe
      const options = c.phone ? PHONE : {};
      const setup = await browser.newContext(options);
      const page = await setup.newPage();
      const user = await signIn(page);
      await page.goto(`${c.prefix}/admin/account`);
      await untilInteractive(page);
      const card = page.getByTestId('two-factor');
      await card.getByTestId('two-factor-setup').click();
      await expect(card.getByTestId('totp-qr')).toBeVisible();
      const secret = (await card.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectWcagClean(page, `${c.prefix}/admin/account (set-up)`);
      // A wrong first code does not turn anything on.
      const now = Date.now();
      const right = totp(secret, now);
      await card.getByTestId('totp-first-code').fill(right === '000000' ? '111111' : '000000');
      await card.getByTestId('totp-confirm').click();
      await expect(card).toContainText(c.texts.wrong);
      await card.getByTestId('totp-first-code').fill(right);
      await card.getByTestId('totp-confirm').click();
      const codes = card.getByTestId('recovery-code');
      await expect(codes).toHaveCount(10);
      const recovery = (await codes.allTextContents()).map((s) => s.trim());
      await expectWcagClean(page, `${c.prefix}/admin/account (recovery codes)`);
      await card.getByTestId('recovery-codes-done').click();
      await expect(card.getByTestId('two-factor-state')).toHaveText(c.texts.on);
      await expectWcagClean(page, `${c.prefix}/admin/account (two factors on)`);
      if (c.phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await setup.close();

      // Sign-in with the app's code: the next step's code (the one typed at set-up is spent).
      const withCode = await browser.newContext(options);
      const login = await withCode.newPage();
      await passwordStep(login, c.prefix, user, c.texts);
      await expectWcagClean(login, `${c.prefix}/login (second factor)`);
      await login.getByLabel(c.texts.code, { exact: true }).fill(totp(secret, now + 30_000));
      await login.getByRole('button', { name: c.texts.verify }).click();
      await expect(login).not.toHaveURL(/\/login/);
      // Signed in: the account page opens (not the login) and shows two factors on.
      await login.goto(`${c.prefix}/admin/account`);
      await untilInteractive(login);
      await expect(login.getByTestId('two-factor-state')).toHaveText(c.texts.on);
      await withCode.close();

      // Sign-in with a recovery code: works once.
      const withRecovery = await browser.newContext(options);
      const again = await withRecovery.newPage();
      await passwordStep(again, c.prefix, user, c.texts);
      await again.getByLabel(c.texts.code, { exact: true }).fill(recovery[0] ?? '');
      await again.getByRole('button', { name: c.texts.verify }).click();
      await expect(again).not.toHaveURL(/\/login/);
      await again.goto(`${c.prefix}/admin/account`);
      await untilInteractive(again);
      await expect(again.getByTestId('recovery-left')).toContainText('9');
      await withRecovery.close();
    });
  }
});
