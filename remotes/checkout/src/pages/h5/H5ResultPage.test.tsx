import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RechargeOrderStatus } from '@portal/shared';
import { configureHttp } from '@portal/shared/browser';
import { ChakraProvider } from '@portal/shared/chakra';
import { sharedMessages } from '@portal/shared/messages';
import { createMemoryRouter, RouterProvider, useLocation } from '@portal/shared/router';
import { system } from '@portal/shared/ui';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import H5ResultPage from './H5ResultPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CATALOGS = { en: { ...sharedMessages.en, ...en }, 'zh-CN': { ...sharedMessages['zh-CN'], ...zhCN } } as const;

/** Where the page sent the buyer. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

let container: HTMLDivElement;
let root: Root;
/** The order's status as the server would answer it now; every status call is counted. */
let orderStatus: RechargeOrderStatus = RechargeOrderStatus.Pending;
let statusCalls = 0;

async function open(locale: 'en' | 'zh-CN', path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/h5/result', element: <H5ResultPage /> },
      { path: '/en/h5/result', element: <H5ResultPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  await act(async () =>
    root.render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <IntlProvider locale={locale} messages={CATALOGS[locale]}>
            <RouterProvider router={router} />
          </IntlProvider>
        </QueryClientProvider>
      </ChakraProvider>,
    ),
  );
}

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

describe('the H5 payment result page (/h5/result)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    orderStatus = RechargeOrderStatus.Pending;
    statusCalls = 0;
    configureHttp({
      baseUrl: '',
      // The server's answer to GET /app-api/ip/recharge-order/getStatus/7.
      fetch: async (input) => {
        expect(String(input)).toBe('/app-api/ip/recharge-order/getStatus/7');
        statusCalls++;
        return Response.json({ code: 0, msg: '', data: { id: 7, status: orderStatus, payStatus: 0, limitBalance: 0 } });
      },
    });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    configureHttp({ fetch: undefined });
    vi.useRealTimers();
  });

  it('says it is checking the payment, then after 20 s that none arrived yet, with a check again and a pay again (Chinese)', async () => {
    await open('zh-CN', '/h5/result?id=7');
    expect(container.querySelector('h1')?.textContent).toBe('支付结果');
    expect(byTestId('h5-result')?.textContent).toBe('正在确认支付结果…');
    expect(byTestId('h5-check-again')).toBeNull();

    await elapse(19_000);
    expect(byTestId('h5-result')?.textContent).toBe('正在确认支付结果…');
    expect(statusCalls).toBeGreaterThan(1); // it keeps asking meanwhile

    await elapse(1000);
    const result = byTestId('h5-result') as HTMLElement;
    expect(result.querySelector('[aria-live]')?.textContent).toBe('暂未收到付款。如您已付款，通常一分钟内到账。');
    expect(byTestId('h5-check-again')?.textContent).toBe('我已付款，重新查询');
    const payAgain = [...result.querySelectorAll('a')].find((a) => a.textContent === '重新支付');
    expect(payAgain?.getAttribute('href')).toBe('/h5/pay?id=7');

    // The payment arrives: "check again" asks once more and the buyer lands on the success page.
    orderStatus = RechargeOrderStatus.Success;
    await act(async () => byTestId('h5-check-again')?.click());
    await elapse(0);
    expect(byTestId('landed')?.textContent).toBe('/h5/success?id=7');
  });

  it('sends the buyer to the success page as soon as the payment is in (English)', async () => {
    orderStatus = RechargeOrderStatus.Success;
    await open('en', '/en/h5/result?id=7');
    await elapse(0);
    expect(byTestId('landed')?.textContent).toBe('/en/h5/success?id=7');
  });

  it('sends the buyer to the fail page, saying why, once the order is closed', async () => {
    await open('zh-CN', '/h5/result?id=7');
    expect(byTestId('h5-result')?.textContent).toBe('正在确认支付结果…');
    await elapse(0);
    expect(statusCalls).toBe(1);
    orderStatus = RechargeOrderStatus.Closed;
    await elapse(3100); // the next status poll, answered
    expect(statusCalls).toBe(2);
    expect(byTestId('landed')?.textContent).toBe('/h5/fail?id=7&reason=closed');
  });

  it('says when no order is given', async () => {
    await open('en', '/en/h5/result');
    expect(container.textContent).toContain('No order given.');
    expect(statusCalls).toBe(0);
  });
});
