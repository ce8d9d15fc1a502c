import { opsCli, signIn } from '../support/portal.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The review id of a company's submission, from the ops CLI as an operator would find it. */
function reviewIdOf(company: string): string {
  const { code, out } = opsCli(['cert', 'list']);
  expect(code, out).toBe(0);
  const line = out.split('\n').find((l) => l.includes(company));
  if (!line) throw new Error(`${company} not in:\n${out}`);
  return (line.trim().match(/^#?(\S+)/) as RegExpMatchArray)[1] as string;
}

const ZH = {
  companyName: '企业名称',
  uscc: '统一社会信用代码',
  contactPhone: '联系电话',
  registrationPhone: '注册电话',
  bankName: '开户银行（支行）',
  bankAccount: '对公账号',
  registrationAddress: '注册地址',
  licence: '营业执照',
};
const EN = {
  companyName: 'Company name',
  uscc: 'Unified social credit code',
  contactPhone: 'Contact phone',
  registrationPhone: 'Registered phone',
  bankName: 'Bank (branch)',
  bankAccount: 'Bank account',
  registrationAddress: 'Registered address',
  licence: 'Business licence',
};

async function submitCompany(page: Page, company: string, labels: typeof EN, submit: string) {
  await page.getByLabel(labels.companyName).fill(company);
  await page.getByLabel(labels.uscc).fill('91350100M000100Y43');
  await page.getByLabel(labels.contactPhone).fill('13812345678');
  await page.getByLabel(labels.registrationPhone).fill('010-12345678');
  await page.getByLabel(labels.bankName).fill('招商银行北京分行');
  await page.getByLabel(labels.bankAccount).fill('6214 8301 2345 6789');
  await page.getByLabel(labels.registrationAddress).fill('北京市海淀区中关村大街 1 号');
  await page.getByLabel(labels.licence).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: submit }).click();
}

test.describe('real-name certification', () => {
  test('personal certification passes at once (Chinese), and the policy notice goes away', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/account-password-auth');
    await expect(page.getByTestId('certification-notice')).toBeVisible();
    await page.goto('/admin/auth');
    await expect(page.getByRole('link', { name: '护照或其他政府签发的证件' })).toBeVisible();
    await expect(page.getByRole('link', { name: '在中国大陆以外注册的企业' })).toBeVisible();
    await page.getByRole('link', { name: '中国大陆居民身份证' }).click();
    await expect(page).toHaveURL(/\/admin\/auth\/personal$/);
    await page.getByLabel('真实姓名').fill('张三');
    await page.getByLabel('身份证号码').fill('110105194912310021');
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('身份证号码格式不正确')).toBeVisible();
    await page.getByLabel('身份证号码').fill('11010519491231002x');
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByTestId('cert-success')).toContainText('张三');
    await expect(page.getByTestId('cert-success')).toContainText('110105********002X');
    await page.goto('/admin/account');
    await expect(page.getByTestId('certification-status')).toHaveText('已认证');
    await page.goto('/admin/account-password-auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('账密认证');
    await expect(page.getByTestId('certification-notice')).toHaveCount(0);
  });

  test('enterprise: submit, wait for review, approved by ops (English)', async ({ page }) => {
    const company = `Acme Data ${Date.now()}`;
    await signIn(page);
    await page.goto('/en/admin/auth/company');
    await submitCompany(page, company, EN, 'Submit for review');
    await expect(page.getByTestId('cert-review')).toContainText('Waiting for review');
    await expect(page.getByText('****6789')).toBeVisible();
    // Read-only while in review: no form to change anything.
    await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);

    const approve = opsCli(['cert', 'approve', reviewIdOf(company)]);
    expect(approve.code, approve.out).toBe(0);
    await page.reload();
    await expect(page.getByTestId('cert-success')).toHaveText('Your enterprise is certified');
    await page.goto('/en/admin/dashboard');
    await expect(page.getByTestId('certification-status')).toHaveText('Certified');
  });

  test('enterprise: rejected with a reason, then resubmitted (Chinese)', async ({ page }) => {
    const company = `数据科技有限公司${Date.now()}`;
    await signIn(page);
    await page.goto('/admin/auth/company');
    await submitCompany(page, company, ZH, '提交审核');
    await expect(page.getByTestId('cert-review')).toBeVisible();

    const reject = opsCli(['cert', 'reject', reviewIdOf(company), '--reason', '营业执照照片不清晰，请重新上传']);
    expect(reject.code, reject.out).toBe(0);
    await page.reload();
    await expect(page.getByTestId('cert-failed')).toBeVisible();
    await expect(page.getByTestId('failure-reason')).toHaveText('营业执照照片不清晰，请重新上传');
    await page.getByRole('button', { name: '重新提交' }).click();
    await submitCompany(page, company, ZH, '提交审核');
    await expect(page.getByTestId('cert-review')).toBeVisible();
  });
});
