import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { workingTreeServed } from '../../test/dist.ts';
import type { ServedSet } from '../remotes/served.ts';
import { compileTemplate, escapeHtml, headTags, type PageHead, preloadTags, resolvePageHead } from './head.ts';
import { renderRobots } from './robots.ts';
import { escapeXml, renderSitemap, sitemapPages, sitemapRoutes, w3cDate } from './sitemap.ts';

const SHELL_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="old">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>NovaProxy</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml"><script defer src="/static/js/index.f4b02aa91f.js"></script></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const head = (over: Partial<PageHead> = {}): PageHead => ({
  locale: 'en',
  title: 'Buy - NovaProxy',
  pageTitle: 'Buy',
  description: 'Buy proxies.',
  siteName: 'NovaProxy',
  urls: { 'zh-CN': 'https://x.test/buy', en: 'https://x.test/en/buy' },
  noindex: false,
  article: null,
  ...over,
});

describe('escapeHtml', () => {
  it('escapes markup and both quotes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;amp;&#60;/a&#62;',
    );
  });
});

describe('compileTemplate', () => {
  it('sets lang, replaces the build title and description, keeps everything else', () => {
    const html = compileTemplate(SHELL_INDEX).render('en', '<title>T</title>');
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain('lang="zh-CN"');
    expect(html).not.toContain('NovaProxy</title>');
    expect(html).not.toContain('content="old"');
    expect(html).toContain('    <title>T</title>\n  <link rel="icon" href="/favicon.svg" type="image/svg+xml"><script defer');
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('<title>T'));
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    expect(html).toContain('<div id="root"></div>');
    // Nothing else changed: removing the injected tags and the lang gives the original minus the replaced ones.
    expect(html.replace('    <title>T</title>', '    <title>NovaProxy</title>').replace('lang="en"', 'lang="zh-CN"')).toBe(
      SHELL_INDEX.replace('    <meta name="description" content="old">\n', ''),
    );
  });

  it('adds lang and puts the tags before </head> when the build has no title', () => {
    const html = compileTemplate(
      '<!doctype html><html data-x="1"><head><meta charset="utf-8"></head><body></body></html>',
    ).render('zh-CN', '<title>T</title>');
    expect(html).toBe(
      '<!doctype html><html data-x="1" lang="zh-CN"><head><meta charset="utf-8"><title>T</title></head><body></body></html>',
    );
  });

  it('leaves a template without <html> or <head> usable', () => {
    expect(compileTemplate('<div id="root"></div>').render('en', '<title>T</title>')).toBe(
      '<title>T</title><div id="root"></div>',
    );
  });

  it('treats $ patterns in the tags literally', () => {
    expect(compileTemplate('<html><head><title>x</title></head></html>').render('en', "<title>$& $' $1</title>")).toBe(
      `<html lang="en"><head><title>$& $' $1</title></head></html>`,
    );
  });
});

describe('headTags', () => {
  it('writes marked canonical and alternate links, Open Graph and Twitter tags', () => {
    const tags = headTags(head());
    expect(tags).toContain('<link rel="canonical" href="https://x.test/en/buy" data-portal-head>');
    expect(tags).toContain('<link rel="alternate" hreflang="x-default" href="https://x.test/buy" data-portal-head>');
    expect(tags).toContain('<meta property="og:locale:alternate" content="zh_CN">');
    expect(tags).not.toContain('robots');
    expect(tags).not.toContain('article:');
  });

  it('writes article times and tags for a post, noindex when asked', () => {
    const tags = headTags(
      head({
        noindex: true,
        article: {
          publishedAt: new Date('2026-01-02T03:04:05Z'),
          updatedAt: new Date('2026-02-03T04:05:06Z'),
          tags: ['tutorial'],
        },
      }),
    );
    expect(tags).toContain('<meta name="robots" content="noindex">');
    expect(tags).toContain('<meta property="og:type" content="article">');
    expect(tags).toContain('<meta property="article:published_time" content="2026-01-02T03:04:05.000Z">');
    expect(tags).toContain('<meta property="article:modified_time" content="2026-02-03T04:05:06.000Z">');
    expect(tags).toContain('<meta property="article:tag" content="tutorial">');
  });
});

describe('preloadTags', () => {
  it('preloads scripts as classic scripts and the manifest as a CORS fetch, escaped', () => {
    expect(
      preloadTags([
        { href: '/remotes/checkout/v1/mf-manifest.json', as: 'fetch' },
        { href: '/remotes/checkout/v1/remoteEntry.js', as: 'script' },
        { href: '/remotes/checkout/v1/a"b.js', as: 'script' },
      ]),
    ).toEqual([
      '<link rel="preload" as="fetch" href="/remotes/checkout/v1/mf-manifest.json" crossorigin>',
      '<link rel="preload" as="script" href="/remotes/checkout/v1/remoteEntry.js">',
      '<link rel="preload" as="script" href="/remotes/checkout/v1/a&#34;b.js">',
    ]);
  });

  it('are part of the head tags, after the meta tags', () => {
    const tags = headTags(head({ preloads: [{ href: '/remotes/checkout/v1/remoteEntry.js', as: 'script' }] }));
    expect(tags).toContain('<link rel="preload" as="script" href="/remotes/checkout/v1/remoteEntry.js">');
    expect(tags.indexOf('rel="preload"')).toBeGreaterThan(tags.indexOf('twitter:card'));
    expect(headTags(head())).not.toContain('preload');
  });
});

describe('resolvePageHead', () => {
  let served: ServedSet;
  beforeAll(async () => {
    served = await workingTreeServed();
  });
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  const brokenDb = {
    select() {
      throw new Error('database down');
    },
  } as unknown as Db;

  it('titles the page with the default site when the site settings cannot be read', async () => {
    const ctx = { db: brokenDb, content: { findPostMeta: vi.fn() }, hostname: 'x.test', base: 'https://x.test', log, served };
    const { status, head } = await resolvePageHead(ctx, '/en/buy');
    expect(status).toBe(200);
    expect(head.siteName).toBe('NovaProxy');
    expect(head.title).toMatch(/ - NovaProxy$/);
    expect(log.warn).toHaveBeenCalled();
  });

  it("asks for the preload hints of the page's remote by its route pattern, none for the shell's pages", async () => {
    const hints = [{ href: '/remotes/marketing/v1/remoteEntry.js', as: 'script' as const }];
    const preloads = vi.fn().mockResolvedValue(hints);
    const ctx = {
      db: brokenDb,
      content: { findPostMeta: vi.fn().mockResolvedValue(undefined) },
      hostname: 'x',
      base: '',
      log,
      served,
      preloads,
    };
    expect((await resolvePageHead(ctx, '/en/blog/some-post')).head.preloads).toEqual(hints);
    expect(preloads).toHaveBeenLastCalledWith('marketing', 'test', '/blog/:slug', log);
    expect((await resolvePageHead(ctx, '/admin/dashboard')).head.preloads).toEqual(hints);
    expect(preloads).toHaveBeenLastCalledWith('user-center', 'test', '/admin/dashboard', log);
    preloads.mockClear();
    expect((await resolvePageHead(ctx, '/login')).head.preloads).toEqual([]);
    expect((await resolvePageHead(ctx, '/no-such-page')).head.preloads).toBeUndefined();
    expect(preloads).not.toHaveBeenCalled();
  });

  it('serves the generic post head when the post lookup fails, and 404 when there is no post', async () => {
    const failing = vi.fn().mockRejectedValue(new Error('boom'));
    const failed = await resolvePageHead(
      { db: brokenDb, content: { findPostMeta: failing }, hostname: 'x', base: '', log, served },
      '/blog/x',
    );
    expect(failed.status).toBe(200);
    expect(failed.head.pageTitle).toBe('代理使用教程');
    expect(failed.head.article).toBeNull();
    expect(failing).toHaveBeenCalledWith(brokenDb, 'x', 'zh-CN');

    const none = vi.fn().mockResolvedValue(null);
    const missing = await resolvePageHead(
      { db: brokenDb, content: { findPostMeta: none }, hostname: 'x', base: '', log, served },
      '/en/blog/y',
    );
    expect(missing.status).toBe(404);
    expect(missing.head.pageTitle).toBe('Page Not Found');
  });
});

describe('sitemap documents', () => {
  let served: ServedSet;
  beforeAll(async () => {
    served = await workingTreeServed();
  });
  it('lists the public pages without parameters, login or /h5', () => {
    expect(sitemapRoutes(served.table).map((r) => r.pattern)).toEqual([
      '/',
      '/service',
      '/use-scene',
      '/terms',
      '/privacy',
      '/blog',
      '/dynamic-residential-proxies',
      '/static-residential-proxies',
      '/native-residential-proxies',
      '/status',
      '/buy',
    ]);
  });

  it('dates pages from an injected post list and release times', () => {
    const startedAt = new Date('2026-01-01T00:00:00Z');
    const marketing = new Date('2026-02-01T00:00:00Z');
    const posts = [
      { slug: 'b-post', updatedAt: new Date('2026-03-01T00:00:00Z') },
      { slug: 'a-post', updatedAt: new Date('2026-04-01T00:00:00Z') },
    ];
    const pages = sitemapPages({
      table: served.table,
      posts,
      releasedAt: (owner) => (owner === 'marketing' ? marketing : null),
      startedAt,
    });
    const byPath = Object.fromEntries(pages.map((p) => [p.path, p.lastmod]));
    expect(byPath['/']).toEqual(marketing);
    expect(byPath['/buy']).toEqual(startedAt);
    expect(byPath['/blog']).toEqual(posts[1]!.updatedAt);
    expect(byPath['/blog/b-post']).toEqual(posts[0]!.updatedAt);
    expect(pages.slice(-2).map((p) => p.path)).toEqual(['/blog/a-post', '/blog/b-post']);
    expect(
      sitemapPages({ table: served.table, posts: [], releasedAt: () => null, startedAt }).find((p) => p.path === '/blog')
        ?.lastmod,
    ).toEqual(startedAt);
  });

  it('renders one url per page and locale with its alternates', () => {
    const xml = renderSitemap('https://x.test', [{ path: '/', lastmod: new Date('2026-01-02T03:04:05.678Z') }]);
    expect(xml).toContain('<loc>https://x.test/</loc>');
    expect(xml).toContain('<loc>https://x.test/en</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.match(/hreflang="x-default" href="https:\/\/x.test\/"/g)).toHaveLength(2);
    expect(xml).toContain('<lastmod>2026-01-02T03:04:05Z</lastmod>');
    expect(w3cDate(new Date('2026-11-21T18:55:25.123Z'))).toBe('2026-11-21T18:55:25Z');
    expect(escapeXml(`a&b<"'>`)).toBe('a&#38;b&#60;&#34;&#39;&#62;');
  });

  it('renders robots.txt', () => {
    expect(renderRobots('https://x.test')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /en/admin',
        'Disallow: /zh-CN/admin',
        'Disallow: /order',
        'Disallow: /en/order',
        'Disallow: /zh-CN/order',
        'Disallow: /h5',
        'Disallow: /en/h5',
        'Disallow: /zh-CN/h5',
        'Disallow: /sandbox/',
        '',
        'Sitemap: https://x.test/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
