import type { APIRequestContext, Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { captchaBaseURL, captchaServerEnv } from '../playwright.config.ts';
import {
  expectRemotePage,
  logIn,
  opsCli,
  signIn,
  solveCaptcha,
  uniqueEmail,
  untilInteractive,
  watchErrors,
} from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

/** What each language shows: labels, a field error, the success texts and the confirmation. */
const LOCALES = [
  {
    prefix: '',
    lang: 'zh-CN',
    open: '申请定制方案',
    section: '团队定制方案',
    company: '公司或团队',
    contactName: '联系人',
    contact: '手机号码或邮箱',
    submit: '提交申请',
    contactRequired: '请填写用于接收回复的手机号码或邮箱地址',
    contactInvalid: '请输入手机号码或邮箱地址',
    companyInvalid: '请输入公司或团队名称（2–100 个字符）',
    sentTitle: '申请已提交',
    viaEmail: '我们已通过邮件向',
    viaSms: '我们已通过短信向',
    confirmation: '感谢您为',
    received: '已收到一份留有此联系方式的定制方案申请',
  },
  {
    prefix: '/en',
    lang: 'en',
    open: 'Request a custom plan',
    section: 'Custom plan for teams',
    company: 'Company or team',
    contactName: 'Contact name',
    contact: 'Mobile or e-mail',
    submit: 'Send request',
    contactRequired: 'Enter a mobile number or an e-mail address for our reply',
    contactInvalid: 'Enter a mobile number or an e-mail address',
    companyInvalid: 'Enter the company or team name (2–100 characters)',
    sentTitle: 'Request sent',
    viaEmail: 'We have sent a confirmation by e-mail to',
    viaSms: 'We have sent a confirmation by SMS to',
    confirmation: 'thank you for asking',
    received: 'has received a request for a custom plan with these contact details',
  },
] as const;

type Locale = (typeof LOCALES)[number];

async function openForm(page: Page, l: Locale) {
  const section = page.getByTestId('custom-plan-section');
  await expect(section.getByRole('heading', { name: l.section })).toBeVisible();
  await untilInteractive(page);
  await section.getByRole('button', { name: l.open }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('custom-plan-form')).toBeVisible();
  return dialog;
}

/** The sandbox outbox's messages to one address (polled: the confirmation is written before the answer, but allow for a slow machine). */
async function outboxTo(request: APIRequestContext, to: string, base = '') {
  let messages: Array<{ channel: string; subject: string; body: string }> = [];
  for (let i = 0; i < 20 && messages.length === 0; i++) {
    const res = await request.get(`${base}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    messages = ((await res.json()) as { messages: typeof messages }).messages;
    if (messages.length === 0) await new Promise((r) => setTimeout(r, 250));
  }
  return messages;
}

test.describe('custom plan for teams', () => {
  for (const l of LOCALES) {
    test(`a visitor asks from the dynamic landing page: errors in place, nothing lost, success and confirmation (${l.lang})`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.goto(`${l.prefix}/dynamic-residential-proxies`);
      await expectRemotePage(page, 'marketing');
      await expectWcagClean(page, `dynamic landing with the custom-plan section (${l.lang})`);
      const dialog = await openForm(page, l);
      await expectWcagClean(page, `custom-plan form (${l.lang})`);

      // Nothing filled in: the visitor is told what is missing, in the page's language.
      await dialog.getByRole('button', { name: l.submit }).click();
      await expect(dialog.getByText(l.companyInvalid)).toBeVisible();
      await expect(dialog.getByText(l.contactRequired)).toBeVisible();
      await expectWcagClean(page, `custom-plan form with errors (${l.lang})`);

      const email = uniqueEmail();
      const company = `E2E Team ${l.lang} ${Date.now()}`;
      await dialog.getByLabel(l.company).fill(company);
      await dialog.getByLabel(l.contactName).fill('Han Meimei');
      await dialog.getByLabel(l.contact).fill('not-a-contact');
      await dialog.getByTestId('custom-plan-volume').selectOption('2000-10000');
      await dialog.getByTestId('custom-plan-use-case').selectOption('travel');
      await dialog.getByTestId('custom-plan-message').fill('Fares from 40 airlines,\nevery hour.');
      await dialog.getByRole('button', { name: l.submit }).click();
      await expect(dialog.getByText(l.contactInvalid, { exact: true })).toBeVisible();

      // Closing and opening again loses nothing either.
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('custom-plan-form')).toHaveCount(0);
      const again = await openForm(page, l);
      await expect(again.getByLabel(l.company)).toHaveValue(company);
      await expect(again.getByTestId('custom-plan-message')).toHaveValue('Fares from 40 airlines,\nevery hour.');
      await expect(again.getByTestId('custom-plan-volume')).toHaveValue('2000-10000');

      await again.getByLabel(l.contact).fill(email.toUpperCase());
      await again.getByRole('button', { name: l.submit }).click();
      const sent = again.getByTestId('custom-plan-sent');
      await expect(again.getByRole('heading', { name: l.sentTitle })).toBeVisible();
      await expect(sent).toContainText(l.viaEmail);
      await expect(sent).toContainText(`${email.slice(0, 1)}***@example.com`);
      await expectWcagClean(page, `custom-plan success (${l.lang})`);
      const id = /(\d+)/.exec((await sent.textContent()) ?? '')?.[1];

      // An address a visitor typed is not verified: the fixed text and the number, nothing they wrote.
      const [confirmation] = await outboxTo(page.request, email);
      expect(confirmation?.channel).toBe('email');
      expect(confirmation?.body).toContain(l.received);
      expect(confirmation?.body).toContain(String(id));
      expect(confirmation?.body).not.toContain(company);
      expect(confirmation?.body).not.toContain('Han Meimei');

      const listed = opsCli(['lead', 'list']);
      expect(listed.code, listed.out).toBe(0);
      const line = listed.out.split('\n').find((row) => row.startsWith(`${id}\t`));
      expect(line).toContain(company);
      expect(line).toContain('2000-10000 GB/month');
      expect(line).toContain('confirmation sent');
      const closed = opsCli(['lead', 'close', String(id), '--note', 'e2e: answered']);
      expect(closed.out).toContain(`closed: ${id}`);
      expect(errors).toEqual([]);
    });

    test(`a logged-in user asks from /buy with the account's mobile: name prefilled, SMS confirmation (${l.lang})`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      const user = await signIn(page);
      await page.goto(`${l.prefix}/buy`);
      await expectRemotePage(page, 'checkout');
      // The account is loaded (the shell keeps it in localStorage) before the form opens, so it can prefill.
      await expect(page.getByTestId('custom-plan-section')).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('portal.auth') ?? '{}').userInfo?.nickname ?? null))
        .toBe('E2E');
      await expectWcagClean(page, `/buy with the custom-plan section (${l.lang})`);
      const dialog = await openForm(page, l);
      await expect(dialog.getByLabel(l.contactName)).toHaveValue('E2E');
      const masked = `${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`;
      await expect(dialog).toContainText(masked);
      const company = `E2E Buyers ${l.lang} ${Date.now()}`;
      await dialog.getByLabel(l.company).fill(company);
      await dialog.getByTestId('custom-plan-volume').selectOption('lt100');
      await dialog.getByTestId('custom-plan-use-case').selectOption('other');
      await dialog.getByRole('button', { name: l.submit }).click();
      const sent = dialog.getByTestId('custom-plan-sent');
      await expect(sent).toContainText(l.viaSms);
      await expect(sent).toContainText(masked);
      await expectWcagClean(page, `custom-plan success, logged in (${l.lang})`);
      // The account's own (verified) mobile gets the full confirmation.
      const [sms] = await outboxTo(page.request, user.mobile);
      expect(sms?.channel).toBe('sms');
      expect(sms?.body).toContain(company);
      expect(sms?.body).toContain(l.confirmation);
      await dialog.getByTestId('custom-plan-done').click();
      await expect(page.getByTestId('custom-plan-dialog')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test('with the captcha on, a logged-in member passes the security check too; a typed address gets the fixed text', async ({
    page,
  }) => {
    // Two captchas (login and the request) rendered on the server and answered through the ops command.
    test.slow();
    const errors = watchErrors(page);
    await page.goto(`${captchaBaseURL}/en/login`);
    await logIn(
      page,
      { mobile: '13800138000', password: 'Demo@123456' },
      { mobile: 'Mobile number', password: 'Password', submit: 'Log in' },
    );
    await solveCaptcha(page, captchaServerEnv);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto(`${captchaBaseURL}/en/buy`);
    const l = LOCALES[1];
    const dialog = await openForm(page, l);
    const email = uniqueEmail();
    const company = `E2E Captcha Co ${Date.now()}`;
    await dialog.getByLabel(l.company).fill(company);
    await dialog.getByLabel(l.contact).fill(email);
    await dialog.getByTestId('custom-plan-volume').selectOption('lt100');
    await dialog.getByTestId('custom-plan-use-case').selectOption('testing');
    await dialog.getByRole('button', { name: l.submit }).click();
    await expect(page.getByRole('dialog', { name: 'Security verification' })).toBeVisible();
    await solveCaptcha(page, captchaServerEnv);
    const sent = page.getByTestId('custom-plan-sent');
    await expect(sent).toContainText(l.viaEmail);
    const [confirmation] = await outboxTo(page.request, email, captchaBaseURL);
    expect(confirmation?.body).toContain(l.received);
    expect(confirmation?.body).not.toContain(company);
    expect(errors).toEqual([]);
  });
});
