import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { codeFromOutbox, logIn, opsCli, uniqueMobile } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// Substation prices (decision 0027): a second site on its own host name, with its own brand and
// prices; a visitor there sees them, registers there, and pays them, whichever host they later use.

const SITE = 'bee.e2e.test';
const siteUrl = (path: string) => `http://${SITE}:${process.env.E2E_PORT}${path}`;

// The browser resolves the substation's host name to this machine (the server listens on 127.0.0.1).
const launch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${SITE} 127.0.0.1`] } });

function ops(...args: string[]) {
  const res = opsCli(args);
  if (res.code !== 0) throw new Error(`ops ${args.join(' ')} failed: ${res.out}`);
  return res.out;
}

/** The id of the package with `gb` GB, from `ops price list`. */
function packageId(gb: number): string {
  const line = ops('price', 'list')
    .split('\n')
    .find((l) => l.split('\t')[1] === `${gb} GB`);
  const id = line?.split('\t')[0];
  if (!id) throw new Error(`no ${gb} GB package`);
  return id;
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test.beforeAll(() => {
  if (!ops('site', 'list').includes(`\t${SITE}\t`)) {
    ops(
      'site',
      'add',
      SITE,
      '--name-en',
      'Bee Proxy',
      '--name-zh',
      '蜜蜂代理',
      '--hours-en',
      '9:00-21:00',
      '--hours-zh',
      '9:00-21:00',
      '--contact',
      'qq:88886666',
      '--icp',
      '蜂ICP备2026000001号',
    );
  }
  // 5 GB at ¥99 there (¥125 elsewhere); custom amounts from 50 GB at ¥22.50/GB (¥25 elsewhere).
  ops('site', 'price', SITE, 'package', packageId(5), '99');
  ops('site', 'price', SITE, 'tier', '50', '22.50');
});

test.describe('substation prices', () => {
  test('a visitor on the second host sees its brand and prices, registers there and pays them (Chinese)', async ({ page }) => {
    // The default host sells at the default prices.
    await page.goto('/buy');
    await expect(page.getByTestId('package-card').filter({ hasText: '5 GB' }).first()).toContainText('¥125.00');

    await page.goto(siteUrl('/buy'));
    await expect(page).toHaveTitle(/蜜蜂代理$/);
    await expect(page.locator('header').getByTestId('site-name')).toHaveText('蜜蜂代理');
    await expect(page.locator('footer')).toContainText('蜜蜂代理 版权所有');
    await expect(page.locator('footer')).toContainText('88886666');
    await expect(page.locator('footer')).toContainText('蜂ICP备2026000001号');
    const card = page.getByTestId('package-card').filter({ hasText: '5 GB' }).first();
    await expect(card).toContainText('¥99.00');
    await expectAxeClean(page);

    const mobile = uniqueMobile();
    await page.goto(siteUrl('/register?redirect=%2Fbuy'));
    await page.getByRole('textbox', { name: '手机号', exact: true }).fill(mobile);
    await page.getByTestId('send-code').click();
    await expect(page.getByText('验证码已发送')).toBeVisible();
    await page.getByLabel('验证码', { exact: true }).fill(await codeFromOutbox(page.request, mobile));
    await page.getByLabel('密码', { exact: true }).fill('Secret-2026');
    await page.getByLabel('确认密码').fill('Secret-2026');
    await page.getByTestId('agreement').click();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^http://${SITE.replaceAll('.', '\\.')}:\\d+/buy$`));

    await page.getByTestId('package-card').filter({ hasText: '5 GB' }).first().click();
    await page.getByTestId('buy-now').click();
    await expect(page).toHaveURL(/\/order\?package=\d+$/);
    await expect(page.getByTestId('summary-total')).toHaveText('¥99.00');
    await expectAxeClean(page);
    await page.getByTestId('channel-alipay_pc').click();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\//);
    await expect(page.getByText('¥99.00').first()).toBeVisible();
    await page.getByTestId('sandbox-pay').click();
    // Back on the substation's own host after paying.
    await expect(page).toHaveURL(new RegExp(`^http://${SITE.replaceAll('.', '\\.')}:\\d+/order\\?id=\\d+$`));
    await expect(page.getByTestId('paid-view')).toBeVisible();
    await expect(page.getByTestId('paid-balance')).toHaveText('5 GB');

    await page.goto(siteUrl('/admin/dynamic/list'));
    const row = page.getByTestId('order-row').first();
    await expect(row).toContainText('已支付');
    await expect(row).toContainText('99.00');
    await expectAxeClean(page);
  });

  test("a member of the second site buying through the default host sees and pays their own site's price (English)", async ({
    page,
  }) => {
    // Made a member of the substation as its registration would (ops user create --site).
    const other = { mobile: uniqueMobile().replace(/^137/, '136'), password: 'Pw-e2e-12345' };
    ops('user', 'create', '--mobile', other.mobile, '--password', other.password, '--site', SITE);

    // A visitor on the default host: the default tier price.
    await page.goto('/en/buy');
    await expect(page.locator('header').getByTestId('site-name')).toHaveText('NovaProxy');
    await page.getByTestId('package-custom').click();
    await page.getByTestId('custom-gb').fill('60');
    await expect(page.getByTestId('buy-summary')).toContainText('¥1,500.00');

    await page.goto('/en/login?redirect=%2Fen%2Fbuy');
    await logIn(page, other, { mobile: 'Mobile number', password: 'Password', submit: 'Log in' });
    await expect(page).toHaveURL(/\/en\/buy$/);
    await page.getByTestId('package-custom').click();
    await page.getByTestId('custom-gb').fill('60');
    // 60 GB at the substation's ¥22.50/GB.
    await expect(page.getByTestId('buy-summary')).toContainText('¥1,350.00');
    await expect(page.getByTestId('package-card').filter({ hasText: '5 GB' }).first()).toContainText('¥99.00');
    await expectAxeClean(page);
    await page.getByTestId('buy-now').click();
    await expect(page).toHaveURL(/\/en\/order\?gb=60$/);
    await expect(page.getByTestId('summary-total')).toHaveText('¥1,350.00');
    await page.getByTestId('channel-alipay_pc').click();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\//);
    await page.getByTestId('sandbox-pay').click();
    await expect(page).toHaveURL(/\/en\/order\?id=\d+$/);
    await expect(page.getByTestId('paid-balance')).toHaveText('60 GB');
    await page.goto('/en/admin/dynamic/list');
    await expect(page.getByTestId('order-row').first()).toContainText('1,350.00');
    await expectAxeClean(page);
  });
});
