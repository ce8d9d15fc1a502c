import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { createUser, opsCli, ROOT, untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/**
 * Teams (issue 32, ask 1; decisions 0053, 0054): an owner invites a finance member from the account
 * page; the member accepts the link, downloads the team's invoice, and is shown the 403 page on the
 * proxy sub-accounts page.
 */
const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    texts: {
      invite: 'Send invitation',
      finance: 'Finance',
      sent: 'Invitation sent',
      join: 'Join the team',
      denied: 'Access denied',
      cannotBuy: "As Developer in this team, you can't place or pay for orders.",
      cannotAlerts: "As Developer in this team, you can't change alerts.",
      leave: 'Leave team',
    },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    texts: {
      invite: '发送邀请',
      finance: '财务',
      sent: '邀请已发送',
      join: '加入团队',
      denied: '无访问权限',
      cannotBuy: '你在该团队的角色为开发者，不能下单或支付。',
      cannotAlerts: '你在该团队的角色为开发者，不能修改提醒设置。',
      leave: '退出团队',
    },
  },
] as const;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function signedIn(browser: Browser, user: { mobile: string; password: string }, options = {}) {
  const context = await browser.newContext(options);
  const res = await context.request.post('/app-api/member/auth/login', { data: user });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e.signedIn')) {
      localStorage.setItem('portal.auth', JSON.stringify({ token: t, userInfo: null }));
      sessionStorage.setItem('e2e.signedIn', '1');
    }
  }, token);
  return { context, token };
}

/** A paid order of the owner with an issued invoice (sandbox cashier, then the ops CLI). */
async function issuedInvoice(page: Page, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/app-api/ip/recharge-order/create', {
    data: { trafficGb: 2, accountType: 0, source: 'pc' },
    headers: auth,
  });
  const order = (await created.json()).data as { id: number; orderNo: string };
  await page.goto(`/order?id=${order.id}`);
  await page.getByTestId('channel-alipay_pc').click();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('paid-view')).toBeVisible();
  const requested = await page.request.post('/app-api/ip/invoice/create', {
    data: { type: 'ordinary', orderKind: 'recharge', orderId: order.id, titleType: 'personal', title: '张三' },
    headers: auth,
  });
  expect((await requested.json()).code).toBe(0);
  const list = opsCli(['invoice', 'list', '--status', 'all']);
  const id = list.out
    .split('\n')
    .find((l) => l.includes(`order ${order.orderNo}`))
    ?.split('\t')[0] as string;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-invoice-')), 'invoice.pdf');
  writeFileSync(file, PDF);
  const issued = opsCli(['invoice', 'issue', id, path.relative(process.env.INIT_CWD || ROOT, file)]);
  expect(issued.code, issued.out).toBe(0);
  return order.orderNo;
}

test.describe('teams', () => {
  for (const c of cases) {
    test(`an owner invites a finance member who downloads an invoice but may not open the sub-accounts (${c.lang})`, async ({
      browser,
    }) => {
      test.slow(); // two browsers, a payment and axe
      const owner = createUser(0);
      const accountant = createUser(0);
      // Paid at a desktop (the sandbox cashier's PC channel), then managed from the case's device.
      const desk = await signedIn(browser, owner);
      const orderNo = await issuedInvoice(await desk.context.newPage(), desk.token);
      await desk.context.close();
      const ownerSide = await signedIn(browser, owner, c.phone ? PHONE : {});
      const page = await ownerSide.context.newPage();

      await page.goto(`${c.prefix}/admin/account`);
      await untilInteractive(page);
      const team = page.getByTestId('team');
      await expect(team.getByTestId('team-member')).toHaveCount(1);
      await expect(team.getByTestId('team-invitations-empty')).toBeVisible();
      await team.getByTestId('team-invite-to').fill(accountant.mobile);
      await team.getByTestId('team-invite-role').selectOption('finance');
      await team.getByTestId('team-invite-send').click();
      await expect(page.getByText(c.texts.sent)).toBeVisible();
      await expect(team.getByTestId('team-invitation-table')).toContainText(c.texts.finance);
      await expectWcagClean(page, `team card (${c.lang})`);
      // The team card fits a phone: no sideways scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const outbox = await page.request.get(`/sandbox/outbox.json?to=${accountant.mobile}`);
      const body = ((await outbox.json()) as { messages: { body: string }[] }).messages[0]?.body ?? '';
      const link = new URL(/https?:\/\/\S+\/admin\/team\/join\?token=[\w-]+/.exec(body)?.[0] ?? 'http://x/none');

      const memberSide = await signedIn(browser, accountant, c.phone ? PHONE : {});
      const member = await memberSide.context.newPage();
      await member.goto(link.pathname + link.search);
      await untilInteractive(member);
      await expect(member.getByTestId('team-join-offer')).toContainText(c.texts.finance);
      await expectWcagClean(member, `join page (${c.lang})`);
      await member.getByTestId('team-join-accept').click();
      await expect(member).toHaveURL(/\/admin\/dashboard/);

      // The team's orders, with its invoice to download.
      await member.goto(`${c.prefix}/admin/dynamic/list`);
      await untilInteractive(member);
      const row = member.locator(`[data-order-no="${orderNo}"]`);
      const download = member.waitForEvent('download');
      await row.getByTestId('invoice-download').click();
      expect((await download).suggestedFilename()).toBe(`invoice-${orderNo}.pdf`);
      // No proxy credentials for finance: hidden from the navigation, and the page is refused.
      await expect(member.getByTestId('admin-nav').locator('a[href$="/admin/account-password-auth"]')).toHaveCount(0);
      await member.goto(`${c.prefix}/admin/account-password-auth`);
      await expect(member.getByTestId('error-page')).toHaveAttribute('data-kind', '403');
      await expect(member.getByText(c.texts.denied)).toBeVisible();
      await expectWcagClean(member, `403 for finance (${c.lang})`);

      // The owner removes the member after confirming; the member's session ends with it.
      await page.reload();
      await untilInteractive(page);
      await expect(team.getByTestId('team-member')).toHaveCount(2);
      await team.getByTestId('team-member-remove').click();
      const confirm = page.getByTestId('team-member-confirm');
      await expect(confirm).toBeVisible();
      await expectWcagClean(page, `remove member confirmation (${c.lang})`);
      await page.getByTestId('team-member-confirm-confirm').click();
      await expect(team.getByTestId('team-member')).toHaveCount(1);
      await member.goto(`${c.prefix}/admin/dynamic/list`);
      await expect(member).toHaveURL(/\/login/);
      await ownerSide.context.close();
      await memberSide.context.close();
    });

    test(`a developer is told what the role may not do, sees no buttons for it, and leaves the team (${c.lang})`, async ({
      browser,
    }) => {
      test.slow(); // two browsers and three axe runs
      const owner = createUser(0);
      const developer = createUser(0);
      const ownerSide = await signedIn(browser, owner);
      const invited = await ownerSide.context.request.post('/app-api/member/team/invite', {
        data: { mobile: developer.mobile, role: 'developer' },
        headers: { authorization: `Bearer ${ownerSide.token}` },
      });
      expect((await invited.json()).code).toBe(0);
      const outbox = await ownerSide.context.request.get(`/sandbox/outbox.json?to=${developer.mobile}`);
      const body = ((await outbox.json()) as { messages: { body: string }[] }).messages[0]?.body ?? '';
      const token = /token=([\w-]{43})/.exec(body)?.[1] ?? '';
      await ownerSide.context.close();

      const memberSide = await signedIn(browser, developer, c.phone ? PHONE : {});
      const accepted = await memberSide.context.request.post('/app-api/member/team/invitation/accept', {
        data: { token },
        headers: { authorization: `Bearer ${memberSide.token}` },
      });
      expect((await accepted.json()).data.role).toBe('developer');
      const page = await memberSide.context.newPage();

      // Buying: the packages can be looked at; the role's limit is said, and the button is off.
      await page.goto(`${c.prefix}/buy`);
      await untilInteractive(page);
      await expect(page.getByTestId('buy-role-limit')).toContainText(c.texts.cannotBuy);
      await expect(page.getByTestId('buy-now').first()).toBeDisabled();
      await expectWcagClean(page, `buy page as a developer (${c.lang})`);

      // The account page: the team's alerts are read-only, with why; the developer may leave.
      await page.goto(`${c.prefix}/admin/account`);
      await untilInteractive(page);
      await expect(page.getByTestId('alerts-role-limit')).toContainText(c.texts.cannotAlerts);
      await expect(page.getByTestId('alerts-card').getByRole('button').last()).toBeDisabled();
      const team = page.getByTestId('team');
      await expect(team.getByTestId('team-member')).toHaveCount(2);
      await expect(team.getByTestId('team-invite-send')).toHaveCount(0);
      await expect(team.getByTestId('team-member-remove')).toHaveCount(0);
      await team.getByTestId('team-leave').click();
      await expect(page.getByTestId('team-member-confirm')).toBeVisible();
      await expectWcagClean(page, `leave team confirmation (${c.lang})`);
      await page.getByTestId('team-member-confirm-confirm').click();

      // Back in their own account, where buying is theirs again.
      await expect(page).toHaveURL(/\/admin\/dashboard/);
      await page.goto(`${c.prefix}/buy`);
      await untilInteractive(page);
      await expect(page.getByTestId('buy-now').first()).toBeEnabled();
      await expect(page.getByTestId('buy-role-limit')).toHaveCount(0);
      const context = await page.request.get('/app-api/member/team/context', {
        headers: { authorization: `Bearer ${memberSide.token}` },
      });
      expect((await context.json()).data).toMatchObject({ teamId: expect.any(Number), role: 'owner' });
      await memberSide.context.close();
    });
  }
});
