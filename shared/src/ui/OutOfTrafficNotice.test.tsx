import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from './router.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardStatistics } from '../contract/index.ts';
import { sharedMessages } from '../i18n/shared-messages.ts';
import { authStore } from '../state/auth.ts';
import { ChakraProvider } from './chakra.ts';
import { AccountNotices, dashboardStatisticsQuery, hadTraffic } from './OutOfTrafficNotice.tsx';
import { system } from './theme.ts';

const stats = (over: Partial<DashboardStatistics> = {}): DashboardStatistics => ({
  remainingMb: 0,
  totalRechargeMb: 0,
  totalRechargeFen: 0,
  totalConsumptionMb: 0,
  identificationStatus: 0,
  daily: [],
  usageUpdatedAt: null,
  lots: [],
  ...over,
});

function render(data: DashboardStatistics | undefined, certified = false, locale: 'en' | 'zh-CN' = 'en') {
  authStore.token = 't';
  authStore.userInfo = { limitBalance: data?.remainingMb ?? 0, identificationStatus: certified ? 3 : 0 };
  const client = new QueryClient();
  if (data) client.setQueryData(dashboardStatisticsQuery().queryKey, data);
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/en/admin/account-password-auth?x=1']}>
          <IntlProvider locale={locale} messages={sharedMessages[locale]}>
            <AccountNotices />
          </IntlProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return root;
}
const byTestId = (root: HTMLElement, id: string) => root.querySelectorAll(`[data-testid="${id}"]`);

afterEach(() => {
  authStore.token = '';
  authStore.userInfo = null;
});

describe('the notices a member without traffic sees', () => {
  it('welcomes a member who never bought with the way to the packages, not "out of traffic"', () => {
    const root = render(stats());
    expect(byTestId(root, 'out-of-traffic-notice')).toHaveLength(0);
    const card = byTestId(root, 'first-purchase-card')[0];
    expect(card?.textContent).toContain('Get started with your first traffic package');
    expect(card?.querySelector('a[href="/en/admin/dynamic/buy"]')?.textContent).toBe('See packages');
    // One calm line about certification, inside the card: no second banner stacked under it.
    expect(byTestId(root, 'certification-notice')).toHaveLength(1);
    expect(card?.querySelector('[data-testid="certification-notice"]')?.textContent).toContain('You can buy now');
    expect(root.textContent).not.toMatch(/out of traffic/i);
  });

  it('says "out of traffic" only to someone who had traffic, beside one info note about certification', () => {
    const root = render(stats({ totalRechargeMb: 5120, totalConsumptionMb: 5120 }));
    expect(byTestId(root, 'first-purchase-card')).toHaveLength(0);
    expect(byTestId(root, 'out-of-traffic-notice')[0]?.textContent).toMatch(/out of traffic/);
    const cert = byTestId(root, 'certification-notice');
    expect(cert).toHaveLength(1);
    expect(cert[0]?.textContent).toContain('Verify your identity before you start using the proxies. You can buy now');
  });

  it('shows nothing about traffic until the history is known, so no alarm flashes by', () => {
    const root = render(undefined, true);
    expect(root.textContent).toBe('');
  });

  it('links certification with the way back to the page the member is on', () => {
    const root = render(stats({ totalConsumptionMb: 1 }));
    const link = byTestId(root, 'certification-notice')[0]?.querySelector('a');
    expect(link?.getAttribute('href')).toBe(
      `/en/admin/auth?redirect=${encodeURIComponent('/en/admin/account-password-auth?x=1')}`,
    );
  });

  it('speaks Chinese in the Chinese portal', () => {
    const root = render(stats(), false, 'zh-CN');
    expect(byTestId(root, 'first-purchase-card')[0]?.textContent).toContain('查看套餐');
    expect(root.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('counts bought, given or used traffic as having had some', () => {
    expect(hadTraffic(stats())).toBe(false);
    expect(hadTraffic(stats({ totalRechargeMb: 1 }))).toBe(true);
    expect(hadTraffic(stats({ totalConsumptionMb: 1 }))).toBe(true);
  });
});
