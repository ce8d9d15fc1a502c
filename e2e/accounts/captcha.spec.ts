import { captchaBaseURL, captchaServerEnv } from '../playwright.config.ts';
import { solveCaptcha } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// This instance runs with CAPTCHA_ENABLED=true; the demo user exists because SANDBOX=true.
test.describe('captcha on', () => {
  for (const [locale, labels] of [
    [
      'en',
      {
        mobile: 'Mobile number',
        password: 'Password',
        submit: 'Log in',
        title: 'Security verification',
        failed: 'Verification failed. Please try again.',
        home: /\/en$/,
      },
    ],
    [
      'zh-CN',
      { mobile: '手机号', password: '密码', submit: '登录', title: '安全验证', failed: '验证失败，请重试', home: /:\d+\/$/ },
    ],
  ] as const) {
    test(`login asks for the security check; a wrong answer fails, the right one logs in (${locale})`, async ({ page }) => {
      // Two captchas rendered on the server and two `ops captcha answer` processes: slow on a busy machine.
      test.slow();
      await page.goto(`${captchaBaseURL}${locale === 'en' ? '/en' : ''}/login`);
      await page.getByLabel(labels.mobile).fill('13800138000');
      await page.getByLabel(labels.password).fill('Demo@123456');
      await page.getByRole('button', { name: labels.submit, exact: true }).click();
      await expect(page.getByRole('dialog', { name: labels.title })).toBeVisible();

      const spent = await solveCaptcha(page, captchaServerEnv, { wrong: true });
      await expect(page.getByText(labels.failed)).toBeVisible();
      // A new challenge replaces the spent one.
      await expect(page.getByTestId('captcha')).not.toHaveAttribute('data-captcha-token', spent);

      await solveCaptcha(page, captchaServerEnv);
      await expect(page).toHaveURL(labels.home);
      await expect(page.getByTestId('user-menu')).toBeVisible();
    });
  }

  test('without the check, the API refuses login (no bypass by calling it directly)', async ({ request }) => {
    const res = await request.post(`${captchaBaseURL}/app-api/member/auth/login`, {
      data: { mobile: '13800138000', password: 'Demo@123456' },
      headers: { 'Accept-Language': 'en' },
    });
    const body = (await res.json()) as { code: number; msg: string };
    expect(res.status()).toBeLessThan(500);
    expect(body.code).not.toBe(0);
    expect(body.msg).toBe('Please complete the security verification');
  });
});
