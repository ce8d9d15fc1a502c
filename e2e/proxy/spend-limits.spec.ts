import type { APIRequestContext } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { reportUsage, userIdOf, verifyAccount } from '../support/network.ts';
import { PHONE } from '../support/phone.ts';
import { signIn, uniqueDigits } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    texts: {
      edit: 'Cap & limits',
      subFull: 'Today: 256 MB of 256 MB (100%)',
      subPaused: 'Paused until 00:00 UTC: daily limit reached',
      accountFull: '512 MB of 512 MB (100%)',
      accountPaused: 'All accounts paused until 00:00 UTC',
      saved: 'Spend limits saved',
    },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    texts: {
      edit: '上限与限额',
      subFull: '今日 256 MB / 256 MB（100%）',
      subPaused: '已达每日限额，暂停至 UTC 零点',
      accountFull: '512 MB / 512 MB（100%）',
      accountPaused: '所有代理账号暂停至 UTC 零点',
      saved: '用量限额已保存',
    },
  },
] as const;

async function accountsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/app-api/ip/proxy-account/list', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.accounts as Array<{ username: string; password: string; main: boolean }>;
}

test.describe('spend limits', () => {
  for (const c of cases) {
    test(`a sub-account's daily limit and the account's daily limit pause what they cover, and lifting a limit resumes it (${c.lang})`, async ({
      browser,
    }) => {
      test.slow(); // a dialog, two usage reports, reloads and axe
      const context = await browser.newContext(c.phone ? PHONE : {});
      const page = await context.newPage();
      const user = await signIn(page, 10 * 1024);
      const userId = await userIdOf(page.request, user.token);
      const name = `lim${uniqueDigits()}`;

      await page.goto(`${c.prefix}/admin/account-password-auth`);
      const spend = page.getByTestId('spend-limits');
      await expect(spend.getByTestId('spend-today')).toHaveAttribute('data-state', 'none');

      // The account: at most 0.5 GB a day.
      await spend.getByTestId('spend-daily').fill('0');
      await expect(spend.getByTestId('spend-save')).toBeDisabled();
      await spend.getByTestId('spend-daily').fill('0.5');
      await spend.getByTestId('spend-save').click();
      await expect(page.getByText(c.texts.saved)).toBeVisible();
      await expect(spend.getByTestId('spend-today')).toHaveAttribute('data-state', 'ok');

      // A sub-account: at most 0.25 GB a day, set in its dialog.
      await page.getByTestId('sub-name').fill(name);
      await page.getByTestId('sub-add').click();
      const row = page.locator(`[data-testid="proxy-account-row"][data-username$="_${name}"]`);
      await row.getByRole('button', { name: c.texts.edit }).click();
      const dialog = page.getByTestId('proxy-cap-dialog');
      await dialog.getByTestId('sub-daily').fill('0.25');
      await dialog.getByTestId('proxy-cap-save').click();
      await expect(dialog).toBeHidden();
      const daily = row.getByTestId('proxy-daily-usage');
      await expect(daily).toHaveAttribute('data-state', 'ok');

      const accounts = await accountsOf(page.request, user.token);
      const sub = accounts.find((a) => a.username.endsWith(`_${name}`)) as { username: string; password: string };
      const main = accounts.find((a) => a.main) as { username: string; password: string };
      // The main account's answer before any limit (a member who is not certified may be refused for that).
      const { reason: mainReason } = await verifyAccount(page.request, main.username, main.password);
      expect(mainReason).not.toMatch(/limit_reached$/);
      const reload = async () => {
        await page.reload();
        await expect(spend.getByTestId('spend-today')).toBeVisible({ timeout: 30_000 });
      };

      // The sub-account uses its day: it pauses, the main account does not.
      expect(await reportUsage(page.request, userId, [{ username: sub.username, mb: 256 }])).toMatchObject({
        limitedAccounts: [sub.username],
        limitedUserIds: [],
      });
      await reload();
      await expect(daily).toHaveAttribute('data-state', 'reached');
      await expect(daily).toContainText(c.texts.subFull);
      await expect(daily).toContainText(c.texts.subPaused);
      expect(await verifyAccount(page.request, sub.username, sub.password)).toMatchObject({
        allowed: false,
        reason: 'daily_limit_reached',
        limit: { scope: 'sub_account', period: 'day' },
      });
      expect(await verifyAccount(page.request, main.username, main.password)).toMatchObject({ reason: mainReason });

      // The account uses its day: every account pauses.
      expect(await reportUsage(page.request, userId, [{ mb: 256 }])).toMatchObject({ limitedUserIds: [userId] });
      await reload();
      const today = spend.getByTestId('spend-today');
      await expect(today).toHaveAttribute('data-state', 'reached');
      await expect(today).toContainText(c.texts.accountFull);
      await expect(today).toContainText(c.texts.accountPaused);
      expect(await verifyAccount(page.request, main.username, main.password)).toMatchObject({
        allowed: false,
        reason: 'daily_limit_reached',
        limit: { scope: 'account', period: 'day' },
      });
      await expectWcagClean(page);

      // Lifting the account's limit resumes the main account at once.
      await spend.getByTestId('spend-daily').fill('');
      await spend.getByTestId('spend-save').click();
      await expect(today).toHaveAttribute('data-state', 'none');
      expect(await verifyAccount(page.request, main.username, main.password)).toMatchObject({ reason: mainReason });
      await context.close();
    });
  }
});
