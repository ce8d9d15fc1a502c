import type { APIRequestContext } from '@playwright/test';
import { serverEnv } from '../playwright.config.ts';
import { expectWcagClean } from '../support/axe.ts';
import { expectRemotePage, opsCli, signIn, uniqueEmail, untilInteractive, watchErrors } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// The public network status page (issue 31, ask 6; decision 0048): the proxy network reports the
// state of each product and region, ops opens an incident, the page shows it in both languages, a
// visitor subscribes (double opt-in), and a member's dashboard points to it.

const LOCALES = [
  {
    prefix: '',
    lang: 'zh-CN',
    heading: '网络状态',
    ongoing: '进行中的故障',
    outage: '中断',
    investigating: '调查中',
    product: '静态 ISP 代理',
    email: '邮箱地址',
    subscribe: '订阅',
    sent: '确认链接已发送至',
    confirmed: '订阅已确认',
    notice: '网络故障处理中',
    footer: '网络状态',
  },
  {
    prefix: '/en',
    lang: 'en',
    heading: 'Network status',
    ongoing: 'Ongoing incidents',
    outage: 'Outage',
    investigating: 'Investigating',
    product: 'Static ISP proxies',
    email: 'E-mail address',
    subscribe: 'Subscribe',
    sent: 'we have sent a confirmation link to',
    confirmed: 'Subscription confirmed',
    notice: 'Network incident in progress',
    footer: 'Network status',
  },
] as const;

function ops(...args: string[]) {
  const res = opsCli(args);
  if (res.code !== 0) throw new Error(`ops ${args.join(' ')} failed: ${res.out}`);
  return res.out;
}

async function outboxTo(request: APIRequestContext, to: string) {
  let messages: Array<{ subject: string; body: string }> = [];
  for (let i = 0; i < 20 && messages.length === 0; i++) {
    const res = await request.get(`/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    messages = ((await res.json()) as { messages: typeof messages }).messages;
    if (messages.length === 0) await new Promise((r) => setTimeout(r, 250));
  }
  return messages;
}

test.describe.configure({ mode: 'serial' });

test.describe('network status page', { tag: '@shared-state' }, () => {
  const stamp = Date.now();
  const title = { en: `E2E slow static ISP ${stamp}`, zh: `端到端测试 静态代理变慢 ${stamp}` };
  let id = '';

  test.beforeAll(async ({ request }) => {
    const res = await request.post('/app-api/proxy-network/status', {
      headers: { 'x-api-key': serverEnv.PROXY_NETWORK_API_KEY ?? '' },
      data: {
        components: [
          { product: 'dynamicResidential', region: 'global', state: 'operational' },
          { product: 'staticIsp', region: 'US', state: 'outage' },
          { product: 'staticIsp', region: 'JP', state: 'operational' },
        ],
      },
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const out = ops(
      'status',
      'open',
      '--title-en',
      title.en,
      '--title-zh',
      title.zh,
      '--body-en',
      'Connections through US static ISP IPs time out. We are investigating.',
      '--body-zh',
      '美国静态 ISP 代理连接超时，我们正在调查。',
      '--severity',
      'major',
      '--component',
      'staticIsp:US',
    );
    id = /opened: (\d+)/.exec(out)?.[1] ?? '';
    expect(id).not.toBe('');
  });

  test.afterAll(() => {
    if (id) ops('status', 'resolve', id, '--body-en', 'Resolved (e2e).', '--body-zh', '已解决（端到端测试）。');
  });

  for (const l of LOCALES) {
    test(`shows the incident ops opened, the reported states, and takes a subscription (${l.lang})`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`${l.prefix}/`);
      await untilInteractive(page);
      const footerLink = page.getByTestId('footer-status');
      await expect(footerLink).toHaveText(l.footer);
      await expect(footerLink).toHaveAttribute('href', `${l.prefix}/status`);
      await footerLink.click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/status$`));
      await expectRemotePage(page, 'marketing');
      await expect(page.getByRole('heading', { level: 1, name: l.heading })).toBeVisible();

      const incident = page.getByTestId(`status-incident-${id}`);
      await expect(page.getByRole('heading', { name: l.ongoing })).toBeVisible();
      await expect(incident.getByRole('heading', { name: l.lang === 'en' ? title.en : title.zh })).toBeVisible();
      await expect(incident.getByText(l.investigating).first()).toBeVisible();
      await expect(page.getByTestId('status-state-staticIsp-US')).toHaveText(l.outage);
      await expect(page.getByTestId('status-product-staticIsp').getByRole('heading', { name: l.product })).toBeVisible();
      await expectWcagClean(page, `status page (${l.lang})`);

      // Straight from the server as well (search engines, no JavaScript).
      const html = await (await page.request.get(`${l.prefix}/status`)).text();
      expect(html).toContain(l.lang === 'en' ? title.en : title.zh);

      const email = uniqueEmail();
      await page.getByLabel(l.email).fill(email);
      await page.getByRole('button', { name: l.subscribe, exact: true }).click();
      await expect(page.getByTestId('status-subscribe-sent')).toContainText(l.sent);
      const [mail] = await outboxTo(page.request, email);
      const link = /https?:\/\/\S+confirm=\S+/.exec(mail?.body ?? '')?.[0] ?? '';
      expect(link).toContain(`${l.prefix}/status?confirm=`);
      const url = new URL(link);
      await page.goto(`${url.pathname}${url.search}`);
      await expect(page.getByTestId('status-link-outcome')).toContainText(l.confirmed);
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/status$`));
      await expectWcagClean(page, `status page after confirming (${l.lang})`);
      expect(errors).toEqual([]);
    });

    test(`a member's dashboard shows the ongoing incident and links to the status page (${l.lang})`, async ({ page }) => {
      await signIn(page);
      await page.goto(`${l.prefix}/admin/dashboard`);
      const notice = page.getByTestId('incident-notice');
      await expect(notice).toContainText(l.notice);
      await notice.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/status$`));
      await expect(page.getByTestId(`status-incident-${id}`)).toBeVisible();
    });
  }
});
