import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { createUser, untilInteractive, uniqueDigits } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/** The audit log (issue 32, ask 2; decision 0055): a change shows in the log, filters, CSV, phone. */
const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    texts: {
      title: 'Audit log',
      created: (name: string) => `Created sub-account ${name}`,
      token: 'Created API token “ci-build”',
      tokenAction: 'Created an API token',
      object: 'Sub-account #',
      csvHeader: 'Time (UTC),Member,Member ID,Action,Object type,Object ID,Details,IP address,Device,Confirmed',
      csvAction: 'Created a sub-account,Sub-account',
    },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    texts: {
      title: '操作日志',
      created: (name: string) => `创建了子账号 ${name}`,
      token: '创建了 API 令牌“ci-build”',
      tokenAction: '创建 API 令牌',
      object: '子账号 #',
      csvHeader: '时间（UTC）,成员,成员编号,操作,对象类型,对象编号,详情,IP 地址,设备,已确认',
      csvAction: '创建子账号,子账号',
    },
  },
] as const;

/** A signed-in context and its token (the changes are made with the token, as the pages would). */
async function signedIn(browser: Browser, phone: boolean) {
  const user = createUser();
  const context = await browser.newContext(phone ? PHONE : {});
  const res = await context.request.post('/app-api/member/auth/login', { data: user });
  const body = (await res.json()) as { code: number; data: { token: string } | null; msg: string };
  if (body.code !== 0 || !body.data) throw new Error(`login failed: ${body.msg}`);
  const token = body.data.token;
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e.signedIn')) {
      localStorage.setItem('portal.auth', JSON.stringify({ token: t, userInfo: null }));
      sessionStorage.setItem('e2e.signedIn', '1');
    }
  }, token);
  const call = async (path: string, data: object) => {
    const r = await context.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    const b = (await r.json()) as { code: number; msg: string };
    if (b.code !== 0) throw new Error(`${path}: ${b.msg}`);
  };
  return { context, call };
}

test.describe('audit log', () => {
  for (const c of cases) {
    test(`a change shows in the log, filters and downloads as CSV (${c.lang})`, async ({ browser }) => {
      test.slow(); // axe and a download
      const { context, call } = await signedIn(browser, c.phone);
      const name = `aud${uniqueDigits()}`;
      await call('/app-api/ip/proxy-account/create', { name });
      await call('/app-api/member/api-token/create', { name: 'ci-build', scopes: ['usage:read'] });

      const page = await context.newPage();
      await page.goto(`${c.prefix}/admin/audit-log`);
      await untilInteractive(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.texts.title);
      const rows = page.getByTestId('audit-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByTestId('audit-sentence')).toHaveText(c.texts.token);
      await expect(rows.nth(1).getByTestId('audit-sentence')).toHaveText(c.texts.created(name));
      await expect(rows.nth(1)).toContainText(c.texts.object);
      await expectWcagClean(page);
      if (c.phone) {
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      }

      // One action: only the token's event, kept in the address.
      await page.getByTestId('audit-filter-action').selectOption({ label: c.texts.tokenAction });
      await expect(rows).toHaveCount(1);
      await expect(page).toHaveURL(/action=apiToken\.create/);
      await page.getByTestId('audit-filter-action').selectOption('');
      await expect(rows).toHaveCount(2);

      // The CSV the server streams, in the page's language.
      const download = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^audit-log-\d{8}\.csv$/);
      const csv = await readFile((await file.path()) as string, 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(c.texts.csvHeader);
      expect(lines).toHaveLength(4);
      expect(lines[2]).toContain(c.texts.csvAction);
      expect(lines[2]).toContain(`name=${name}`);
      await context.close();
    });
  }
});
