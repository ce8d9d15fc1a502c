import type { Locator, Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { buyOneStaticIp, choosePackage, expectH5Cashier, expectPhoneChannels, IPHONE_UA, PHONE } from '../support/phone.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// Issue 28, item 3: the user centre's lists are cards on a phone, with the row's main action in
// view and nothing scrolling sideways; renewing and exchanging an IP work there too.
const LANGS = [
  { prefix: '', name: 'Chinese', pay: '去支付', cancel: '取消', remark: '香港 团队 7' },
  { prefix: '/en', name: 'English', pay: 'Pay now', cancel: 'Cancel', remark: 'Team 7' },
] as const;

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** The control is on screen once scrolled to (vertically): never cut off at the sides. */
async function expectInViewport(page: Page, control: Locator, label: string) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const view = page.viewportSize() as { width: number; height: number };
  expect(box, `${label}: no box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${label} starts off-screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${label} ends off-screen`).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height, `${label} below the screen`).toBeLessThanOrEqual(view.height);
}

test.describe('user-centre lists on a phone', () => {
  test.use({ ...PHONE, userAgent: IPHONE_UA });
  test.describe.configure({ timeout: 180_000 });

  // One member's lists, walked in both languages (the layout is what differs: English labels are
  // longer); the purchases and the IP actions run once each, in one language or the other.
  test('every list is cards with its action in view, in both languages; renew and exchange an IP', async ({ page }) => {
    const [zh, en] = LANGS;
    await signIn(page);

    await test.step('a static IP bought and paid on the phone, its order given a remark', async () => {
      await page.goto(`${zh.prefix}/admin/static/buy?type=2`);
      await buyOneStaticIp(page);
      await page.getByTestId('channel-wx_h5').click();
      await page.getByTestId('pay-button').click();
      await expectH5Cashier(page, 'wx_h5');
      await page.getByTestId('sandbox-pay').click();
      await expect(page).toHaveURL(new RegExp(`${zh.prefix}/admin/static/list\\?order=\\d+$`));
      const order = page.getByTestId('static-order-row').first();
      await order.getByTestId('static-remark-edit').click();
      await page.getByTestId('static-remark-input').fill(zh.remark);
      await page.getByTestId('static-remark-save').click();
      await expect(order.getByTestId('static-order-remark')).toHaveText(zh.remark);
    });

    await test.step('a traffic order left unpaid', async () => {
      await page.goto(`${en.prefix}/admin/dynamic/buy`);
      await choosePackage(page, '5 GB');
      await page.getByTestId('channel-alipay_wap').click();
      await page.getByTestId('pay-button').click();
      await expectH5Cashier(page, 'alipay_wap');
      await page.getByTestId('sandbox-fail').click();
      await expect(page).toHaveURL(new RegExp(`${en.prefix}/h5/fail\\?id=\\d+$`));
    });

    for (const lang of LANGS) {
      const p = lang.prefix;
      // Each list page, and what its main action is.
      const pages: { path: string; ready: (page: Page) => Locator; action?: (page: Page) => Locator }[] = [
        {
          path: '/admin/static/management',
          ready: (pg) => pg.getByTestId('static-ip-row').first(),
          action: (pg) => pg.getByTestId('static-ip-row').first().getByTestId('ip-renew-one'),
        },
        {
          path: '/admin/static/components/IPManagement',
          ready: (pg) => pg.getByTestId('static-ip-row').first(),
          action: (pg) => pg.getByTestId('static-ip-row').first().getByTestId('ip-copy'),
        },
        {
          path: '/admin/static/list',
          ready: (pg) => pg.getByTestId('static-order-row').first(),
          action: (pg) => pg.getByTestId('static-order-row').first().getByTestId('static-order-renew'),
        },
        {
          path: '/admin/static/components/OrderList',
          ready: (pg) => pg.getByTestId('static-order-row').first(),
          action: (pg) => pg.getByTestId('static-order-row').first().getByTestId('static-order-renew'),
        },
        {
          path: '/admin/dynamic/list',
          ready: (pg) => pg.getByTestId('order-row').first(),
          action: (pg) => pg.getByTestId('order-row').first().getByRole('link', { name: lang.pay, exact: true }),
        },
        {
          path: '/admin/dynamic/records',
          ready: (pg) => pg.getByTestId('records-table').or(pg.getByTestId('records-empty')),
          action: (pg) => pg.getByTestId('records-export'),
        },
        {
          path: '/admin/api-tokens',
          ready: (pg) => pg.getByTestId('api-tokens'),
          action: (pg) => pg.getByTestId('api-token-new'),
        },
        {
          path: '/admin/account-password-auth',
          ready: (pg) => pg.getByTestId('proxy-account-row').first(),
          action: (pg) => pg.getByTestId('proxy-account-row').first().getByRole('button').last(),
        },
      ];
      for (const entry of pages) {
        await test.step(`${entry.path}: no sideways scroll, the action in view, axe clean`, async () => {
          await page.goto(`${p}${entry.path}`);
          await expect(entry.ready(page)).toBeVisible();
          await expectNoSidewaysScroll(page, entry.path);
          if (entry.action) await expectInViewport(page, entry.action(page), `${entry.path} action`);
          // axe once: what it checks does not change with the language.
          if (lang === zh) await expectWcagClean(page, `${p}${entry.path} at 375 px`);
        });
      }

      await test.step('the allow-list on the proxy page: Add in view', async () => {
        await page.goto(`${p}/admin/account-password-auth`);
        await expect(page.getByTestId('allow-list')).toBeVisible();
        await expectInViewport(page, page.getByTestId('allow-add'), 'allow-list add');
        await expectNoSidewaysScroll(page, 'allow-list');
      });
    }

    await test.step('IP card: remark shown, details open without widening the page', async () => {
      await page.goto(`${en.prefix}/admin/static/management`);
      const card = page.getByTestId('static-ip-row').first();
      await expect(card.getByTestId('ip-remark')).toHaveText(zh.remark);
      const toggle = card.getByTestId('list-row-details-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(details.getByTestId('ip-order-no')).toBeVisible();
      await expectNoSidewaysScroll(page, 'IP card with details');
      await expectWcagClean(page, 'IP card with details at 375 px');
    });

    await test.step('region exchange: reviewed, cancelled, then confirmed with the new host:port shown', async () => {
      await page.goto(`${en.prefix}/admin/static/management`);
      const card = page.getByTestId('static-ip-row').first();
      const oldHost = (await card.getAttribute('data-host')) as string;
      await card.getByTestId('ip-select').check();
      await expectInViewport(page, page.getByTestId('ip-exchange'), 'exchange button');
      await page.getByTestId('ip-exchange').click();
      const dialog = page.getByTestId('exchange-dialog');
      await dialog.getByTestId('exchange-region').first().click();
      await dialog.getByTestId('exchange-next').click();
      await expect(dialog.getByTestId('exchange-review')).toContainText(oldHost);
      await expect(dialog.getByTestId('exchange-review-region')).toBeVisible();
      await expectWcagClean(page, 'exchange review at 375 px');
      // Back, then Cancel: nothing changed.
      await dialog.getByTestId('exchange-back').click();
      await dialog.getByRole('button', { name: en.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toHaveAttribute('data-host', oldHost);

      await page.getByTestId('ip-exchange').click();
      await dialog.getByTestId('exchange-region').first().click();
      await dialog.getByTestId('exchange-next').click();
      await dialog.getByTestId('exchange-confirm').click();
      const fresh = dialog.getByTestId('exchange-new-host');
      await expect(fresh).toBeVisible();
      await expect(fresh).not.toContainText(`${oldHost}:`);
      await expectNoSidewaysScroll(page, 'exchange result');
      await dialog.getByTestId('exchange-done').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('static-ip-row').first()).not.toHaveAttribute('data-host', oldHost);
    });

    await test.step('renewing one IP from its card, paid through the H5 page', async () => {
      await page.goto(`${zh.prefix}/admin/static/management`);
      const renew = page.getByTestId('static-ip-row').first().getByTestId('ip-renew-one');
      await expectInViewport(page, renew, 'renew');
      await renew.click();
      await page.getByTestId('renew-duration').first().click();
      await page.getByTestId('renew-confirm').click();
      await expect(page.getByTestId('static-pay-dialog')).toBeVisible();
      await expectNoSidewaysScroll(page, 'renewal payment');
      await expectPhoneChannels(page);
      await page.getByTestId('channel-alipay_wap').click();
      await page.getByTestId('pay-button').click();
      await expectH5Cashier(page, 'alipay_wap');
      await page.getByTestId('sandbox-pay').click();
      await expect(page).toHaveURL(new RegExp(`${zh.prefix}/admin/static/list\\?order=\\d+$`));
      await expect(page.getByTestId('static-order-banner')).toHaveAttribute('data-state', 'paid');
    });
  });
});
