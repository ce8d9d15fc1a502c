import type { BrowserContext, Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { signIn, untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/**
 * Passkeys (issue 32, ask 3; decision 0057) with Chromium's virtual authenticator: add one on the
 * account page, sign out, sign in with it without a password, then use it as the second factor
 * after the password.
 *
 * WebAuthn refuses an IP address as the relying party, so these pages are opened as
 * `http://localhost:<port>`: without PUBLIC_BASE_URL (the e2e server) that is the server's own
 * public origin, and the passkey is made for `localhost`.
 */
const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    name: 'Work laptop',
    texts: { on: 'On', account: 'Mobile number or e-mail', password: 'Password', submit: 'Log in', lastUsed: 'last used' },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    name: '我的手机',
    texts: { on: '已开启', account: '手机号或邮箱', password: '密码', submit: '登录', lastUsed: '上次使用' },
  },
] as const;

const origin = () => `http://localhost:${process.env.E2E_PORT}`;

/** A platform authenticator with user verification (fingerprint or PIN) that always says yes. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Signs out in this browser (the session is revoked on the server too). */
async function signOut(page: Page) {
  await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('portal.auth') ?? '{}').token;
    await fetch('/app-api/member/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    localStorage.removeItem('portal.auth');
  });
}

test.describe('passkeys', () => {
  for (const c of cases) {
    test(`add a passkey, sign in with it without a password, and as the second factor (${c.lang})`, async ({ browser }) => {
      test.slow(); // WebAuthn ceremonies, three sign-ins and axe
      const context = await browser.newContext(c.phone ? PHONE : {});
      const page = await context.newPage();
      const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
      const user = await signIn(page);

      await page.goto(`${origin()}${c.prefix}/admin/account`);
      await untilInteractive(page);
      const card = page.getByTestId('passkeys');
      await expect(card.getByTestId('passkeys-empty')).toBeVisible();
      const name = card.getByTestId('passkey-name-input');
      // A default name from the device, which the member can change.
      await expect(name).not.toHaveValue('');
      await name.fill(c.name);
      await card.getByTestId('passkey-add').click();
      await expect(card.getByTestId('passkey-row')).toHaveCount(1);
      await expect(card.getByTestId('passkey-name')).toHaveText(c.name);
      await expect(page.getByTestId('two-factor-state')).toHaveText(c.texts.on);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]?.isResidentCredential).toBe(true);
      await expectWcagClean(page, `${c.prefix}/admin/account (passkeys)`);
      if (c.phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // Without a password: the passkey alone signs in.
      await signOut(page);
      await page.goto(`${origin()}${c.prefix}/login`);
      await untilInteractive(page);
      await page.getByTestId('passkey-sign-in').click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(`${origin()}${c.prefix}/admin/account`);
      await untilInteractive(page);
      await expect(page.getByTestId('passkey-row')).toContainText(c.texts.lastUsed);

      // After the password: the passkey is the second factor (no authenticator app, so no code field).
      await signOut(page);
      await page.goto(`${origin()}${c.prefix}/login`);
      await untilInteractive(page);
      await page.getByLabel(c.texts.account).fill(user.mobile);
      await page.getByLabel(c.texts.password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: c.texts.submit, exact: true }).click();
      const step = page.getByTestId('second-factor-step');
      await expect(step).toBeVisible();
      await expect(step.getByRole('textbox')).toHaveCount(0);
      await expectWcagClean(page, `${c.prefix}/login (passkey as second factor)`);
      await step.getByTestId('passkey-second-factor').click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(`${origin()}${c.prefix}/admin/account`);
      await untilInteractive(page);
      await expect(page.getByTestId('passkey-row')).toHaveCount(1);
      await context.close();
    });
  }
});
