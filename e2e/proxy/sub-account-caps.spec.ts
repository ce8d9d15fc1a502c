import type { APIRequestContext } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { reportUsage, userIdOf, verifyAccount } from '../support/network.ts';
import { signIn, uniqueDigits } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

async function passwordOf(request: APIRequestContext, token: string, username: string) {
  const res = await request.get('/app-api/ip/proxy-account/list', { headers: { authorization: `Bearer ${token}` } });
  const accounts = (await res.json()).data.accounts as Array<{ username: string; password: string }>;
  return (accounts.find((a) => a.username === username) as { password: string }).password;
}

const cases = [
  {
    lang: 'English',
    prefix: '/en',
    texts: { half: '512 MB of 1 GB (50%)', full: '1 GB of 1 GB (100%)', paused: 'Paused: cap reached', perMonth: '1 GB / month' },
    phone: false,
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    texts: { half: '512 MB / 1 GB（50%）', full: '1 GB / 1 GB（100%）', paused: '已达上限，已暂停', perMonth: '每月 1 GB' },
    phone: true,
  },
] as const;

test.describe('sub-account traffic caps', () => {
  for (const c of cases) {
    test(`a sub-account's cap bar fills with its usage, and a raised cap resumes it (${c.lang})`, async ({ browser }) => {
      test.slow(); // two usage reports, three reloads, a dialog and axe
      const context = await browser.newContext(c.phone ? PHONE : {});
      const page = await context.newPage();
      const user = await signIn(page, 10 * 1024);
      const userId = await userIdOf(page.request, user.token);
      const name = `cap${uniqueDigits()}`;

      await page.goto(`${c.prefix}/admin/account-password-auth`);
      await page.getByTestId('sub-name').fill(name);
      await page.getByTestId('sub-cap').fill('1');
      await expect(page.getByTestId('sub-cap-period')).toHaveValue('month');
      await page.getByTestId('sub-add').click();
      const row = page.locator(`[data-testid="proxy-account-row"][data-username$="_${name}"]`);
      await expect(row).toContainText(c.texts.perMonth);
      const username = (await row.getAttribute('data-username')) as string;

      expect(await reportUsage(page.request, userId, [{ username, mb: 512 }])).toMatchObject({ applied: 1, cappedAccounts: [] });
      const usage = row.getByTestId('proxy-cap-usage');
      // The user centre renders in the browser: after a reload, wait for the list before reading it.
      const reload = async () => {
        await page.reload();
        await expect(usage).toBeVisible({ timeout: 30_000 });
      };
      await reload();
      await expect(usage).toHaveAttribute('data-state', 'ok');
      await expect(usage).toContainText(c.texts.half);
      await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

      const password = await passwordOf(page.request, user.token, username);
      // Below its cap the sub-account is not refused for it (an uncertified member may be refused for that).
      expect(['ok', 'certification_required']).toContain((await verifyAccount(page.request, username, password)).reason);
      expect(await reportUsage(page.request, userId, [{ username, mb: 512 }])).toMatchObject({ cappedAccounts: [username] });
      // The network's next credential check of the sub-account is refused for its cap.
      expect(await verifyAccount(page.request, username, password)).toMatchObject({ allowed: false, reason: 'cap_reached' });
      await reload();
      await expect(usage).toHaveAttribute('data-state', 'reached');
      await expect(usage).toContainText(c.texts.full);
      await expect(usage).toContainText(c.texts.paused);
      await expectWcagClean(page);

      // Raising the cap to 2 GB resumes it: the bar is at half again.
      await row.getByRole('button', { name: c.phone ? '上限与限额' : 'Cap & limits' }).click();
      const dialog = page.getByTestId('proxy-cap-dialog');
      await dialog.getByTestId('sub-cap').fill('0');
      await expect(dialog.getByTestId('proxy-cap-save')).toBeDisabled();
      await dialog.getByTestId('sub-cap').fill('2');
      await dialog.getByTestId('proxy-cap-save').click();
      await expect(dialog).toBeHidden();
      await expect(usage).toHaveAttribute('data-state', 'ok');
      await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
      await context.close();
    });
  }
});
