import type { Browser, BrowserContext } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { IPHONE_UA, PHONE } from '../support/phone.ts';
import { createUser, untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/** Devices and sign-ins (issue 32, ask 4; decision 0052): two browsers, one signs the other out. */
const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    texts: {
      title: 'Devices and sign-ins',
      thisDevice: 'This device',
      signedOut: 'Device signed out',
      success: 'Signed in',
      wrong: 'Wrong password',
      phoneDevice: 'Safari 17 · iOS 17',
    },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    texts: {
      title: '设备与登录记录',
      thisDevice: '当前设备',
      signedOut: '设备已退出登录',
      success: '登录成功',
      wrong: '密码错误',
      phoneDevice: 'Safari 17 · iOS 17',
    },
  },
] as const;

/** A browser context signed in as the user through the login call, as the login page would. */
async function signedInContext(browser: Browser, user: { mobile: string; password: string }, options = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const res = await context.request.post('/app-api/member/auth/login', { data: user });
  const body = (await res.json()) as { code: number; data: { token: string } | null; msg: string };
  if (body.code !== 0 || !body.data) throw new Error(`login failed: ${body.msg}`);
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e.signedIn')) {
      localStorage.setItem('portal.auth', JSON.stringify({ token: t, userInfo: null }));
      sessionStorage.setItem('e2e.signedIn', '1');
    }
  }, body.data.token);
  return context;
}

test.describe('devices and sign-ins', () => {
  for (const c of cases) {
    test(`a member sees both signed-in devices and signs the other one out (${c.lang})`, async ({ browser }) => {
      test.slow(); // two browsers and axe
      const user = createUser();
      // One wrong password first: the history shows failures too.
      const probe = await browser.newContext();
      await probe.request.post('/app-api/member/auth/login', { data: { mobile: user.mobile, password: 'Wrong-pass-1' } });
      await probe.close();
      const other = await signedInContext(browser, user, { userAgent: IPHONE_UA });
      const mine = await signedInContext(browser, user, c.phone ? PHONE : {});
      const otherPage = await other.newPage();
      await otherPage.goto(`${c.prefix}/admin/account`);
      await untilInteractive(otherPage);
      await expect(otherPage.getByTestId('device-row')).toHaveCount(2);

      const page = await mine.newPage();
      await page.goto(`${c.prefix}/admin/account`);
      await untilInteractive(page);
      const devices = page.getByTestId('devices');
      await expect(devices).toContainText(c.texts.title);
      const rows = devices.getByTestId('device-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByTestId('device-current')).toHaveText(c.texts.thisDevice);
      await expect(rows.nth(1)).toContainText(c.texts.phoneDevice);
      const history = page.getByTestId('sign-ins');
      await expect(history.getByTestId('sign-in-row')).toHaveCount(3);
      await expect(history.getByTestId('sign-in-result')).toHaveText([c.texts.success, c.texts.success, c.texts.wrong]);
      await expectWcagClean(page);

      await rows.nth(1).getByTestId('device-sign-out').click();
      const dialog = page.getByTestId('device-sign-out-dialog');
      await expect(dialog).toContainText(c.texts.phoneDevice);
      await expectWcagClean(page);
      await dialog.getByTestId('device-sign-out-confirm').click();
      await expect(page.getByText(c.texts.signedOut)).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(devices.getByTestId('devices-sign-out-others')).toBeDisabled();
      await page.screenshot({
        path: test.info().outputPath(`devices-${c.phone ? 'phone-zh' : 'desktop-en'}.png`),
        fullPage: true,
      });

      // The other browser's next call is refused: it is sent to log in.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/login\?redirect=/);
      await mine.close();
      await other.close();
    });
  }
});
