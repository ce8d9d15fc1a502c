import { describe, expect, it } from 'vitest';
import { examplePath, localeOf, PUBLIC_PAGES, publicPages } from './pages.mjs';

describe('the public pages the bench measures', () => {
  it("holds every public page the remotes declare and the shell's sign-in pages, both languages, home first", () => {
    expect(PUBLIC_PAGES.slice(0, 2)).toEqual(['/', '/en']);
    for (const page of ['/terms', '/privacy', '/buy', '/h5', '/blog/python-scraping-with-residential-proxies', '/login']) {
      expect(PUBLIC_PAGES).toContain(page);
      expect(PUBLIC_PAGES).toContain(`/en${page}`);
    }
    // Pages behind sign-in are not public pages.
    expect(PUBLIC_PAGES).not.toContain('/order');
    expect(PUBLIC_PAGES.some((p) => p.includes('/admin'))).toBe(false);
    expect(new Set(PUBLIC_PAGES).size).toBe(PUBLIC_PAGES.length);
  });

  it('fills path parameters with an example and refuses a parameter it has no example for', () => {
    expect(examplePath('/blog/:slug', { slug: 'a-post' })).toBe('/blog/a-post');
    expect(() => examplePath('/docs/:id', {})).toThrow(/:id/);
    expect(publicPages(['/x', '/', '/x'])).toEqual(['/', '/en', '/x', '/en/x']);
  });

  it('tells the language by the prefix', () => {
    expect(localeOf('/en')).toBe('en');
    expect(localeOf('/en/buy')).toBe('en');
    expect(localeOf('/enterprise')).toBe('zh-CN');
    expect(localeOf('/')).toBe('zh-CN');
  });
});
