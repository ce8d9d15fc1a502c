import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteRoutesModule } from '@portal/shared/browser';
import { serveWorkingTreeRoutes } from '../test/served-routes.ts';

const pages = { buy: vi.fn(), order: vi.fn(), dashboard: vi.fn(), post: vi.fn() };
const remotes: Record<string, RemoteRoutesModule> = {
  checkout: {
    release: 'test',
    messages: { en: {}, 'zh-CN': {} },
    pages: { '/buy': pages.buy, '/order': pages.order },
  },
  'user-center': {
    release: 'test',
    messages: { en: {}, 'zh-CN': {} },
    pages: { '/admin/dashboard': pages.dashboard },
  },
  marketing: {
    release: 'test',
    messages: { en: {}, 'zh-CN': {} },
    pages: { '/blog/:slug': pages.post },
  },
};
const loadRemoteRoutes = vi.fn((name: string) => Promise.resolve(remotes[name] as RemoteRoutesModule));
vi.mock('./remotes.ts', () => ({ loadRemoteRoutes, prefetchRemoteOf: vi.fn() }));
const { prefetchOnIntent, prefetchPage } = await import('./intent.ts');
serveWorkingTreeRoutes();

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('prefetch on intent', () => {
  beforeEach(() => vi.clearAllMocks());

  it("loads the remote and the page's code of a path, in either locale, once", async () => {
    prefetchPage('/en/buy');
    prefetchPage('/buy');
    prefetchPage('/zh-CN/admin/dashboard');
    prefetchPage('/blog/some-post');
    await settle();
    expect(loadRemoteRoutes.mock.calls.map(([name]) => name)).toEqual(['checkout', 'user-center', 'marketing']);
    expect(pages.buy).toHaveBeenCalledTimes(1);
    expect(pages.dashboard).toHaveBeenCalledTimes(1);
    expect(pages.post).toHaveBeenCalledTimes(1);
    expect(pages.order).not.toHaveBeenCalled();
  });

  it("ignores the shell's own pages", async () => {
    prefetchPage('/login');
    await settle();
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
  });

  it('starts when the pointer reaches a link or it gets focus, not for other origins', async () => {
    document.body.innerHTML =
      '<a id="order" href="/order"><span id="inner">Order</span></a><a id="away" href="https://example.com/order">x</a>';
    prefetchOnIntent(document);
    document.getElementById('away')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
    document.getElementById('inner')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(pages.order).toHaveBeenCalledTimes(1);
  });
});
