import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { UsageBreakdown } from '@portal/shared';
import { ChakraProvider } from '@portal/shared/chakra';
import { sharedMessages } from '@portal/shared/messages';
import { MemoryRouter } from '@portal/shared/router';
import { system } from '@portal/shared/ui';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import UsagePage from './UsagePage.tsx';
import { breakdownQuery, parseUsageState } from './usageState.ts';

const CATALOGS = { en: { ...sharedMessages.en, ...en }, 'zh-CN': { ...sharedMessages['zh-CN'], ...zhCN } } as const;
const MB = 1024 * 1024;

type Answer = { data: UsageBreakdown } | { error: Error } | null;

function render(
  locale: 'en' | 'zh-CN',
  search: string,
  answer: (q: NonNullable<ReturnType<typeof breakdownQuery>['query']>) => Answer,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  const { query } = breakdownQuery(parseUsageState(new URLSearchParams(search)), 'UTC', Date.now());
  const result = query ? answer(query) : null;
  const key = ['usage-breakdown', query];
  if (result && 'data' in result) client.setQueryData(key, result.data);
  if (result && 'error' in result)
    client
      .getQueryCache()
      .build(client, { queryKey: key })
      .setState({ status: 'error', error: result.error, fetchStatus: 'idle' });
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/admin/usage${search}`]}>
          <IntlProvider locale={locale} messages={CATALOGS[locale]}>
            <UsagePage />
          </IntlProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return root;
}

const answer =
  (over: Partial<UsageBreakdown>) =>
  (q: { from: number; to: number }): Answer => ({
    data: {
      from: q.from,
      to: q.to,
      granularity: 'day',
      groupBy: 'subAccount',
      timeZone: 'UTC',
      groups: [],
      points: [],
      total: { bytes: 0, requests: 0, failedRequests: 0 },
      ...over,
    },
  });

const testId = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`);

describe('the usage page', () => {
  it('shows a skeleton while the breakdown loads', () => {
    expect(
      testId(
        render('en', '', () => null),
        'usage-loading',
      ),
    ).not.toBeNull();
  });

  it('says when there is no usage in the range, in both languages', () => {
    expect(testId(render('en', '', answer({})), 'usage-empty')?.textContent).toContain('No usage in this range');
    expect(testId(render('zh-CN', '', answer({})), 'usage-empty')?.textContent).toContain('该时间范围内没有用量');
  });

  it('offers a retry when the breakdown cannot load', () => {
    const root = render('zh-CN', '', () => ({ error: new Error('down') }));
    expect(testId(root, 'load-failure')?.textContent).toContain('用量加载失败');
  });

  it('lists the groups with traffic, requests and failure rate, and a total', () => {
    const groups = [
      { key: 'main_shop', other: false, bytes: 300 * MB, requests: 10, failedRequests: 1 },
      { key: null, other: false, bytes: MB + 1, requests: 10, failedRequests: 1 },
    ];
    const root = render('en', '?groupBy=subAccount', (q) =>
      answer({
        groups,
        points: groups.map((g) => ({ ...g, start: q.from })),
        total: { bytes: 301 * MB + 1, requests: 20, failedRequests: 2 },
      })(q),
    );
    const rows = [...root.querySelectorAll('[data-testid="usage-group-row"]')].map((r) => r.textContent);
    expect(rows[0]).toContain('main_shop');
    expect(rows[0]).toContain('300 MB');
    expect(rows[0]).toContain('10%');
    expect(rows[1]).toContain('Not reported');
    expect(rows[1]).toContain('2 MB');
    expect(testId(root, 'usage-total-row')?.textContent).toContain('302 MB');
    expect(root.querySelector('[data-testid="usage-group-by"] option[selected]')?.getAttribute('value')).toBe('subAccount');
    expect(testId(root, 'usage-chart')).not.toBeNull();
    expect(testId(root, 'usage-legend')?.textContent).toContain('main_shop');
  });

  it('disables hours beyond 31 days and says why', () => {
    const root = render('en', '?range=90d&granularity=hour', answer({}));
    expect(root.querySelector('[data-testid="usage-granularity"] option[value="hour"]')?.hasAttribute('disabled')).toBe(true);
    expect(testId(root, 'usage-granularity-hint')?.textContent).toContain('at most 31 days');
  });
});
