import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { codeFromOutbox, opsCli, uniqueEmail } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// Issue 28, item 8: an English visitor can finish. On a phone, as most buyers are: sign up by
// e-mail (or a mobile number with its country code), certify with a passport, approved by ops,
// then proxy lines.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA8KCwsMDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: IPHONE, locale: 'en-US' });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('an English visitor on a phone', () => {
  test('signs up by e-mail, certifies with a passport, is approved by ops and generates proxy lines', async ({
    page,
    request,
  }) => {
    test.slow();
    const email = uniqueEmail();
    await page.goto('/en/register');
    // English visitors start on the e-mail tab.
    await expect(page.getByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByTestId('send-code').tap();
    await expect(page.getByText('Verification code sent')).toBeVisible();
    await page.getByLabel('Verification code', { exact: true }).fill(await codeFromOutbox(request, email));
    await page.getByLabel('Password', { exact: true }).fill('Passport-2026');
    await page.getByLabel('Confirm password').fill('Passport-2026');
    await page.getByTestId('agreement').tap();
    await page.getByRole('button', { name: 'Create account' }).tap();
    await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);

    await page.goto('/en/admin/auth');
    await expect(page.getByRole('link', { name: 'Mainland China ID card' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Company registered outside mainland China' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWcagClean(page, 'certification choice (en, 375 px)');
    await page.getByRole('link', { name: 'Passport or other government ID' }).tap();
    await expect(page).toHaveURL(/\/en\/admin\/auth\/personal\/document$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certify with a passport or other ID');

    // The contract's rules in the form: nothing reaches the server half filled.
    await page.getByRole('button', { name: 'Submit for review' }).tap();
    await expect(page.getByLabel('Issuing country or region')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Upload a photo or scan of the document: JPG, PNG or PDF of at most 5 MB')).toBeVisible();
    await page.getByLabel('Document type').selectOption('passport');
    await page.getByLabel('Issuing country or region').selectOption('GB');
    await page.getByLabel('Document number').fill('533 401 372');
    await page.getByLabel('Full name as on the document').fill('Jane Alice Smith');
    await page
      .getByLabel('Photo or scan of the document')
      .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expectNoSidewaysScroll(page);
    await expectWcagClean(page, 'passport form (en, 375 px)');
    await page.getByRole('button', { name: 'Submit for review' }).tap();
    await expect(page.getByTestId('cert-review')).toContainText('Waiting for review');
    await expect(page.getByText('*****1372')).toBeVisible();
    await expect(page.getByText('United Kingdom')).toBeVisible();
    // Read-only while in review.
    await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The operator finds it with its document type, looks at the document, and approves it.
    const list = opsCli(['cert', 'list']);
    expect(list.code, list.out).toBe(0);
    const line = list.out.split('\n').find((l) => l.includes('Jane Alice Smith'));
    expect(line, list.out).toMatch(/^d\d+\t.*\tpassport GB 533 401 372\t.*\tauditing$/);
    const id = (line as string).split('\t')[0] as string;
    const approve = opsCli(['cert', 'approve', id]);
    expect(approve.code, approve.out).toBe(0);

    await page.reload();
    await expect(page.getByTestId('cert-success')).toHaveText('You are certified as a person');
    await page.goto('/en/admin/dashboard');
    await expect(page.getByTestId('certification-status')).toHaveText('Certified');

    await page.goto('/en/admin/account-password-auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proxy credentials');
    await expect(page.getByTestId('certification-notice')).toHaveCount(0);
    await page.getByTestId('gen-country').selectOption('US');
    await page.getByTestId('gen-count').fill('5');
    await page.getByTestId('gen-submit').tap();
    const lines = (await page.getByTestId('gen-output').inputValue()).split('\n');
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(l).toMatch(/^[\w.-]+:\d+:[\w-]+-region-US\S*:\S+$/);
  });

  test('signs up with a US mobile number through the country picker; login takes it with its country code', async ({
    page,
    request,
  }) => {
    const national = `212${String(200 + (Date.now() % 800))}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await page.goto('/en/register');
    await page.getByRole('tab', { name: 'Mobile' }).tap();
    // An en-US browser starts on the United States.
    await expect(page.getByTestId('mobile-country')).toHaveValue('US');
    await page.getByLabel('Mobile number').fill(`(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`);
    await page.getByTestId('send-code').tap();
    await expect(page.getByText('Verification code sent')).toBeVisible();
    await page.getByLabel('Verification code', { exact: true }).fill(await codeFromOutbox(request, `+1${national}`));
    await page.getByLabel('Password', { exact: true }).fill('Overseas-2026');
    await page.getByLabel('Confirm password').fill('Overseas-2026');
    await page.getByTestId('agreement').tap();
    await page.getByRole('button', { name: 'Create account' }).tap();
    await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/en/login');
    await page.getByLabel('Mobile number or e-mail').fill(`+1 ${national}`);
    await page.getByLabel('Password', { exact: true }).fill('Overseas-2026');
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
    await expect(page).toHaveURL(/\/en$/);
    // Logged in: the session the shell keeps (the phone header folds the user menu away).
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { token?: string }).token))
      .toBeTruthy();
  });
});
