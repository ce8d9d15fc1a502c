import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from '@portal/shared/router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failingToErrorElement, type LazyRoute } from './lazy-route.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** The shell's shape: a locale root, a layout without an error element, a lazy page with one. */
async function navigateTo(lazy: RouteObject['lazy']) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <p>root error</p>,
        element: (
          <div>
            root
            <Outlet />
          </div>
        ),
        children: [
          { index: true, element: <p>home</p> },
          {
            element: (
              <section>
                layout
                <Outlet />
              </section>
            ),
            children: [{ path: 'login', errorElement: <p>page error</p>, lazy }],
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  await act(async () => {
    await router.navigate('/login');
  });
  return container.textContent;
}

const chunkFailed = () => Promise.reject(new Error('Loading chunk yt failed'));

describe('a page whose code cannot load', () => {
  it('shows its error element inside its layout', async () => {
    expect(await navigateTo(failingToErrorElement(chunkFailed))).toBe('rootlayoutpage error');
  });

  it('renders the page once its code loads', async () => {
    const loaded = async (): Promise<LazyRoute> => ({ Component: () => <p>login page</p> });
    expect(await navigateTo(failingToErrorElement(loaded))).toBe('rootlayoutlogin page');
  });

  it('(why: a bare lazy that rejects renders nothing below the root)', async () => {
    expect(await navigateTo(chunkFailed)).toBe('root');
  });
});
