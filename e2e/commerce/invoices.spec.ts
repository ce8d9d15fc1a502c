import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { opsCli, ROOT, signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// A whole (if tiny) PDF: the ops command checks the %PDF- header and the %%EOF marker.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Places an order through the API and pays it in the sandbox cashier, as a buyer would. */
async function paidOrder(page: Page, token: string, accountType: 0 | 1, prefix = ''): Promise<string> {
  const res = await page.request.post('/app-api/ip/recharge-order/create', {
    data: { trafficGb: 2, accountType, source: 'pc' },
    headers: { authorization: `Bearer ${token}` },
  });
  const order = (await res.json()).data as { id: number; orderNo: string };
  await page.goto(`${prefix}/order?id=${order.id}`);
  await page.getByTestId('channel-alipay_pc').click();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('paid-view')).toBeVisible();
  return order.orderNo;
}

/** The id of the invoice of an order, from the ops CLI as an operator finds it. */
function invoiceIdOf(orderNo: string, status = 'requested'): string {
  const { code, out } = opsCli(['invoice', 'list', '--status', 'all']);
  expect(code, out).toBe(0);
  const line = out.split('\n').find((l) => l.includes(`order ${orderNo}`) && l.includes(`\t${status}\t`));
  if (!line) throw new Error(`no ${status} invoice of ${orderNo} in:\n${out}`);
  return line.split('\t')[0] as string;
}

/**
 * Issues with a PDF named relative to where the operator typed the command (INIT_CWD, as npm sets
 * it; else the repository root the CLI runs in), as `stock import` takes its file.
 */
function issue(id: string): void {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-invoice-')), 'invoice.pdf');
  writeFileSync(file, PDF);
  const res = opsCli(['invoice', 'issue', id, path.relative(process.env.INIT_CWD || ROOT, file)]);
  expect(res.code, res.out).toBe(0);
}

async function expectDownloadedPdf(page: Page, row: Locator, orderNo: string) {
  const download = page.waitForEvent('download');
  await row.getByTestId('invoice-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${orderNo}.pdf`);
  const saved = readFileSync((await file.path()) as string);
  expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(saved.equals(PDF)).toBe(true);
}

test.describe('invoices', () => {
  test('a personal order: request an ordinary invoice, refused, requested again, issued and downloaded (Chinese)', async ({
    page,
  }) => {
    const user = await signIn(page, 0);
    const orderNo = await paidOrder(page, user.token, 0);
    await page.goto('/admin/dynamic/list');
    const row = page.locator(`[data-order-no="${orderNo}"]`);
    await row.getByRole('button', { name: '申请发票' }).click();
    const dialog = page.getByTestId('invoice-dialog');
    await expect(dialog.getByRole('heading', { name: '申请普通电子发票' })).toBeVisible();
    await expect(dialog).toContainText(orderNo);
    await expectWcagClean(page, 'invoice dialog (zh-CN)');
    // A company title needs a valid credit code; the check character is verified.
    await dialog.getByText('企业', { exact: true }).click();
    await dialog.getByLabel('企业名称').fill('北京数据科技有限公司');
    await dialog.getByLabel('纳税人识别号').fill('91350100M000100Y44');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(dialog.getByText('请输入纳税人识别号')).toBeVisible();
    await dialog.getByText('个人', { exact: true }).click();
    await dialog.getByLabel('个人姓名').fill('张三');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('invoice-status')).toHaveText('已申请');
    await expectWcagClean(page, 'order list with a requested invoice (zh-CN)');

    const refuse = opsCli(['invoice', 'refuse', invoiceIdOf(orderNo), '--reason', '抬头与付款人不一致']);
    expect(refuse.code, refuse.out).toBe(0);
    await page.reload();
    await expect(row.getByTestId('invoice-status')).toHaveText('已驳回');
    await expect(row.getByTestId('invoice-refusal')).toHaveText('驳回原因：抬头与付款人不一致');
    await row.getByRole('button', { name: '重新申请' }).click();
    await dialog.getByLabel('个人姓名').fill('张三丰');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(row.getByTestId('invoice-status')).toHaveText('已申请');

    issue(invoiceIdOf(orderNo));
    await page.reload();
    await expect(row.getByTestId('invoice-status')).toHaveText('已开具');
    await expectWcagClean(page, 'order list with an issued invoice (zh-CN)');
    await expectDownloadedPdf(page, row, orderNo);
  });

  test('an enterprise order: a VAT special invoice to the certified company, issued and downloaded (English)', async ({
    page,
  }) => {
    const user = await signIn(page, 0);
    const company = `Invoice Data ${Date.now()}`;
    const submitted = await page.request.post('/app-api/ip/member-user-enterprise-info/create', {
      headers: { authorization: `Bearer ${user.token}` },
      multipart: {
        companyName: company,
        contactPhone: '13812345678',
        unifiedSocialCreditCode: '91350100M000100Y43',
        bankName: 'China Merchants Bank Beijing',
        bankAccount: '6214830123456789',
        registrationAddress: '1 Zhongguancun Street, Haidian, Beijing',
        registrationPhone: '010-12345678',
        businessLicence: { name: 'licence.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect((await submitted.json()).code).toBe(0);

    const orderNo = await paidOrder(page, user.token, 1, '/en');
    await page.goto('/en/admin/dynamic/list');
    const row = page.locator(`[data-order-no="${orderNo}"]`);
    await row.getByRole('button', { name: 'Request invoice' }).click();
    const dialog = page.getByTestId('invoice-dialog');
    // Still in review: the invoice waits for the approved certification.
    await expect(dialog.getByTestId('invoice-needs-certification')).toBeVisible();
    await expectWcagClean(page, 'invoice dialog without certification (en)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const list = opsCli(['cert', 'list']);
    const certId = list.out
      .split('\n')
      .find((l) => l.includes(company))
      ?.split('\t')[0] as string;
    expect(opsCli(['cert', 'approve', certId]).code).toBe(0);
    await page.reload();
    await row.getByRole('button', { name: 'Request invoice' }).click();
    await expect(dialog.getByRole('heading', { name: 'Request a VAT special invoice' })).toBeVisible();
    await expect(dialog.getByTestId('invoice-company')).toContainText(company);
    await expect(dialog.getByTestId('invoice-company')).toContainText('91350100M000100Y43');
    // Prefilled from the certification; the account is asked in full.
    await expect(dialog.getByLabel('Tax registration address')).toHaveValue('1 Zhongguancun Street, Haidian, Beijing');
    await expect(dialog.getByLabel('Bank and branch')).toHaveValue('China Merchants Bank Beijing');
    await expectWcagClean(page, 'VAT special invoice dialog (en)');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog.getByText('Enter a bank account number of 8–30 digits')).toBeVisible();
    await dialog.getByLabel('Bank account number').fill('6214 8301 2345 6789');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('invoice-status')).toHaveText('Requested');

    const id = invoiceIdOf(orderNo);
    const listed = opsCli(['invoice', 'list']).out;
    expect(listed).toContain('VAT special');
    expect(listed).toContain('account: 6214830123456789');
    issue(id);
    await page.reload();
    await expect(row.getByTestId('invoice-status')).toHaveText('Issued');
    await expectWcagClean(page, 'order list with an issued invoice (en)');
    await expectDownloadedPdf(page, row, orderNo);
  });

  test('a static IP order: bought in the sandbox, ordinary invoice requested, issued by ops and downloaded (English)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 0);
    await page.goto('/en/admin/static/buy');
    await page.locator('[data-testid="static-region"]:not([data-available="0"])').first().click();
    await page.getByTestId('static-duration').first().click();
    await page.getByTestId('static-buy').click();
    await expect(page.getByTestId('static-pay-dialog')).toBeVisible();
    await page.getByTestId('channel-alipay_pc').click();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\//);
    await page.getByTestId('sandbox-pay').click();
    await expect(page).toHaveURL(/\/en\/admin\/static\/list\?order=\d+$/);

    const row = page.getByTestId('static-order-row').first();
    const orderNo = (await row.getAttribute('data-order-no')) as string;
    await row.getByRole('button', { name: 'Request invoice' }).click();
    const dialog = page.getByTestId('invoice-dialog');
    // No approved company certification: the ordinary electronic invoice.
    await expect(dialog.getByRole('heading', { name: 'Request an ordinary electronic invoice' })).toBeVisible();
    await expect(dialog).toContainText(orderNo);
    await expectWcagClean(page, 'static order invoice dialog (en)');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Jane Doe');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('invoice-status')).toHaveText('Requested');

    const id = invoiceIdOf(orderNo);
    expect(opsCli(['invoice', 'list']).out).toContain(`static IP order ${orderNo}`);
    issue(id);
    await page.reload();
    await expect(row.getByTestId('invoice-status')).toHaveText('Issued');
    await expectWcagClean(page, 'static order list with an issued invoice (en)');
    await expectDownloadedPdf(page, row, orderNo);

    // The Chinese page shows the same invoice.
    await page.goto('/admin/static/list');
    await expect(page.getByTestId('static-order-row').first().getByTestId('invoice-status')).toHaveText('已开具');
  });
});
