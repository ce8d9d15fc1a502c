import { renderToString } from 'react-dom/server';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ChakraProvider } from '@portal/shared/chakra';
import { sharedMessages } from '@portal/shared/messages';
import { ResponsiveTable, system } from '@portal/shared/ui';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { sampleIp } from './fixtures.ts';
import { ipColumns } from './ipColumns.tsx';
import { secondTicker } from '../../common/ticker.ts';
import { toLiveIp } from './remaining.ts';

const CATALOGS = { en: { ...sharedMessages.en, ...en }, 'zh-CN': { ...sharedMessages['zh-CN'], ...zhCN } } as const;

function render(locale: 'en' | 'zh-CN', remark: string, remainingMs = 86_400_000 * 3) {
  const messages = CATALOGS[locale];
  const intl = createIntl({ locale, messages });
  // Fetched at the page ticker's time, so the countdown shows exactly `remainingMs`.
  const ip = toLiveIp(sampleIp({ remark, remainingMs }), secondTicker.now());
  const columns = ipColumns({
    intl,
    selectPage: null,
    isSelected: () => false,
    onSelect: () => undefined,
    onCopy: () => undefined,
    onRenew: () => undefined,
  });
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <IntlProvider locale={locale} messages={messages}>
        <ResponsiveTable testId="ips" columns={columns} items={[ip]} rowKey={(i) => i.id} ariaLabel="IPs" />
      </IntlProvider>
    </ChakraProvider>,
  );
  return root;
}

describe('the IP list columns', () => {
  it("shows the order's remark beside the IP", () => {
    expect(render('en', 'Shop accounts').querySelector('[data-testid="ip-remark"]')?.textContent).toBe('Shop accounts');
    expect(render('zh-CN', '').querySelector('[data-testid="ip-remark"]')?.textContent).toBe('—');
  });

  it('keeps the table narrow: host:port, account, region, countdown, remark and actions; the rest in the details', () => {
    const root = render('en', '');
    const headers = [...root.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['', 'Host:port', 'Account', 'Region', 'Time left', 'Remark', 'Actions', 'Details']);
    const details = root.querySelector('[data-testid="list-row-details"]') as HTMLElement;
    for (const id of ['ip-password', 'ip-status', 'ip-order-no', 'ip-out-ip', 'ip-purchase', 'ip-expire']) {
      expect(details.querySelector(`[data-testid="${id}"]`), id).not.toBeNull();
    }
    expect(root.querySelector('[data-testid="ip-host"]')?.closest('td')?.textContent).toBe('us1.proxy.example:8000');
  });

  it('counts down in the page language: 29天23小时59分56秒 in Chinese, never the English 29d 23h 59m 56s', () => {
    const left = ((29 * 24 + 23) * 60 + 59) * 60_000 + 56_000;
    const countdown = (locale: 'en' | 'zh-CN') =>
      render(locale, '', left).querySelector('[data-testid="ip-countdown"]')?.textContent;
    expect(countdown('zh-CN')).toBe('29天23小时59分56秒');
    expect(countdown('en')).toBe('29d 23h 59m 56s');
  });

  it('offers Renew for the one IP on its row, named for screen readers in both languages', () => {
    expect(render('en', '').querySelector('[data-testid="ip-renew-one"]')?.getAttribute('aria-label')).toBe(
      'Renew us1.proxy.example:8000',
    );
    expect(render('zh-CN', '').querySelector('[data-testid="ip-renew-one"]')?.getAttribute('aria-label')).toBe(
      '续费 us1.proxy.example:8000',
    );
  });
});
