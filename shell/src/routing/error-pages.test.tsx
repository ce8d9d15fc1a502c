import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Outlet, RouterProvider } from '@portal/shared/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Locale, ResultCode } from '@portal/shared';
import { ApiError, NO_ERROR_PAGE, uiStore } from '@portal/shared/browser';
import { ChakraProvider } from '@portal/shared/chakra';
import { system } from '@portal/shared/ui';
import { throwsToErrorPage } from '../http/page-errors.ts';
import { loadLocale, useMessages } from '../i18n/catalogs.ts';
import { RemotePageError, RootRouteError, RouteError } from './RouteError.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const serverError = () => new ApiError('http', 500, 'server error');

let root: Root;
let container: HTMLElement;
let queryClient: QueryClient;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // As the shell's client (app/App.tsx), without retries so each failure is one call.
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, throwOnError: throwsToErrorPage } } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
  uiStore.pageTitle = null;
});

function Frame({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale={locale} messages={useMessages(locale)}>
          {children}
        </IntlProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

/** A layout (which stays) around a remote page (whose errors the route's boundary shows), as router.tsx builds them. */
async function render(Page: () => React.ReactNode, locale: Locale = 'en', path = '/en/admin/orders', loader?: () => unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        // As the route guard, whose lookups are cached: it answers within microtasks.
        loader: () => Promise.resolve(null),
        HydrateFallback: () => null,
        element: (
          <div data-testid="layout">
            <Outlet />
          </div>
        ),
        children: [{ path: '*', element: <Page />, loader, errorElement: <RemotePageError remote="user-center" /> }],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<Frame locale={locale}>{<RouterProvider router={router} />}</Frame>));
  return router;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
};
const errorPage = () => container.querySelector('[data-testid="error-page"]');
const text = () => container.textContent ?? '';

describe('error pages of failed data calls', () => {
  beforeAll(() => Promise.all([loadLocale('en'), loadLocale('zh-CN')]));

  it('shows "server busy" in the layout for a server error, and its retry renders the page again', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw serverError();
      return ['R1'];
    });
    function Orders() {
      const q = useQuery({ queryKey: ['orders'], queryFn: load });
      return <p>{q.data ? `orders ${q.data.join(',')}` : 'loading'}</p>;
    }
    await render(Orders);
    await settle();
    expect(errorPage()?.getAttribute('data-kind')).toBe('500');
    expect(container.querySelector('h1')?.textContent).toBe('Server busy');
    expect(container.querySelector('[data-testid="layout"]')).not.toBeNull();
    expect(uiStore.pageTitle?.title).toBe('Server busy');

    fail = false;
    const retry = container.querySelector<HTMLButtonElement>('[data-testid="error-retry"]');
    expect(retry?.textContent).toBe('Try again');
    await act(async () => retry?.click());
    await settle();
    expect(errorPage()).toBeNull();
    expect(text()).toContain('orders R1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the same page when the server cannot be reached or does not answer in time (Chinese)', async () => {
    for (const error of [new ApiError('network', 0, 'Failed to fetch'), new ApiError('timeout', 0, 'timeout')]) {
      queryClient.clear();
      function Page() {
        useQuery({ queryKey: ['x', error.kind], queryFn: () => Promise.reject(error) });
        return <p>page</p>;
      }
      await render(Page, 'zh-CN', '/admin/orders');
      await settle();
      expect(errorPage()?.getAttribute('data-kind')).toBe('500');
      expect(container.querySelector('h1')?.textContent).toBe('服务器繁忙');
    }
  });

  it('shows "no permission" for a refusal (HTTP 403 or body code 1006000000)', async () => {
    function Page() {
      useQuery({ queryKey: ['forbidden'], queryFn: () => Promise.reject(new ApiError('not-authorised', 403, 'Forbidden')) });
      return <p>page</p>;
    }
    await render(Page);
    await settle();
    expect(errorPage()?.getAttribute('data-kind')).toBe('403');
    expect(container.querySelector('h1')?.textContent).toBe('Access denied');
    expect(container.querySelector('[data-testid="error-retry"]')).toBeNull();
    expect(uiStore.pageTitle?.title).toBe('Access denied');
  });

  it('leaves business refusals, refetch failures and secondary queries to the page', async () => {
    let calls = 0;
    function Page() {
      const business = useQuery({
        queryKey: ['business'],
        queryFn: () => Promise.reject(new ApiError('business', 1_008_002_000, 'Order not found')),
      });
      const side = useQuery({ queryKey: ['side'], queryFn: () => Promise.reject(serverError()), meta: NO_ERROR_PAGE });
      const list = useQuery({
        queryKey: ['list'],
        queryFn: async () => {
          calls++;
          if (calls > 1) throw serverError();
          return 'first';
        },
      });
      return (
        <div>
          <p>{business.isError ? 'business shown inline' : ''}</p>
          <p>{side.isError ? 'side shown inline' : ''}</p>
          <p>{list.data}</p>
          <button type="button" onClick={() => void list.refetch()}>
            refresh
          </button>
        </div>
      );
    }
    await render(Page);
    await settle();
    expect(errorPage()).toBeNull();
    expect(text()).toContain('business shown inline');
    expect(text()).toContain('side shown inline');
    expect(text()).toContain('first');
    await act(async () => container.querySelector('button')?.click());
    await settle();
    expect(calls).toBe(2);
    expect(errorPage()).toBeNull();
    expect(text()).toContain('first');
  });

  it('never turns a failed form submit (mutation) into an error page', async () => {
    function Page() {
      const save = useMutation({ mutationFn: () => Promise.reject(serverError()) });
      return (
        <button type="button" onClick={() => save.mutate()}>
          {save.isError ? 'save failed' : 'save'}
        </button>
      );
    }
    await render(Page);
    await act(async () => container.querySelector('button')?.click());
    await settle();
    expect(errorPage()).toBeNull();
    expect(text()).toBe('save failed');
  });

  it('keeps the remote fallback for anything else a remote page throws, and titles the 404 page', async () => {
    function Broken(): React.ReactNode {
      throw new Error('chunk vanished');
    }
    await render(Broken);
    expect(container.querySelector('[data-remote-unavailable="user-center"]')).not.toBeNull();

    // As router.tsx's lazy page does for a path the served code has no page for.
    await render(
      () => <p>never</p>,
      'zh-CN',
      '/admin/nothing',
      () => {
        throw new Response('', { status: 404 });
      },
    );
    await settle();
    expect(errorPage()?.getAttribute('data-kind')).toBe('404');
    expect(uiStore.pageTitle).toEqual({ path: '/admin/nothing', title: '页面不存在' });
  });

  it('answers a body ServerError code as "server busy" too', async () => {
    function Page() {
      useQuery({
        queryKey: ['body-500'],
        queryFn: () => Promise.reject(new ApiError('business', ResultCode.ServerError, '库存同步失败')),
      });
      return <p>page</p>;
    }
    await render(Page);
    await settle();
    expect(errorPage()?.getAttribute('data-kind')).toBe('500');
  });
});

describe('the error page of the locale root', () => {
  beforeAll(() => Promise.all([loadLocale('en'), loadLocale('zh-CN')]));

  // The root's error element replaces LocaleRoot and its IntlProvider: it must bring the messages.
  for (const [locale, title] of [
    ['en', 'Internal Server Error'],
    ['zh-CN', '发生错误'],
  ] as const) {
    it(`shows "${title}" for any other failure, with the way back home (${locale})`, async () => {
      const router = createMemoryRouter(
        [
          {
            path: '/',
            errorElement: <RootRouteError locale={locale} />,
            loader: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
            HydrateFallback: () => null,
            element: <Outlet />,
          },
        ],
        { initialEntries: ['/'] },
      );
      await act(async () =>
        root.render(
          <ChakraProvider value={system}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </ChakraProvider>,
        ),
      );
      await settle();
      expect(errorPage()?.getAttribute('data-kind')).toBe('other');
      expect(container.querySelector('h1')?.textContent).toBe(title);
      expect(container.querySelector('[data-testid="error-page"] a')?.getAttribute('href')).toBe(locale === 'en' ? '/en' : '/');
    });
  }
});
