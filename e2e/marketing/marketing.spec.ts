import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectRemotePage, opsCli, signIn, untilInteractive, watchErrors } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Both languages of every public content page: the URL prefix, a word of its h1, something only it shows. */
const LOCALES = [
  {
    prefix: '',
    lang: 'zh-CN',
    h1: {
      home: '住宅代理',
      dynamic: '动态住宅代理',
      static: '静态住宅代理',
      native: '原生住宅代理',
      scene: '使用场景',
      service: '客户服务',
      blog: '博客',
    },
  },
  {
    prefix: '/en',
    lang: 'en',
    h1: {
      home: 'Residential proxies',
      dynamic: 'Dynamic residential proxies',
      static: 'Static residential proxies',
      native: 'Native residential proxies',
      scene: 'Use cases',
      service: 'Customer service',
      blog: 'Blog',
    },
  },
] as const;

test.describe('marketing and content', () => {
  for (const { prefix, lang, h1 } of LOCALES) {
    test(`home: claims, product lines with catalogue prices, six use cases, tutorials, overseas notice (${lang})`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.goto(`${prefix}/`);
      await expectRemotePage(page, 'marketing');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(h1.home);
      const claims = page.getByTestId('home-claims');
      const figures = lang === 'en' ? ['350M+', '200+', '99.98%', '24/7'] : ['3.5 亿+', '200+', '99.98%', '7×24'];
      for (const figure of figures) await expect(claims).toContainText(figure);
      // "From" prices are the catalogue's: ¥11.31 per GB (1,000 + 150 GB for ¥13,000) and ¥13.00 per IP and month.
      await expect(page.getByTestId('product-dynamic').getByTestId('from-price-gb')).toHaveAttribute('data-fen', '1131');
      await expect(page.getByTestId('product-dynamic')).toContainText('11.31');
      await expect(page.getByTestId('product-static').getByTestId('from-price-ipMonth')).toHaveAttribute('data-fen', '1300');
      await expect(page.getByTestId('product-native').getByTestId('from-price-ipMonth')).toHaveAttribute('data-fen', '3900');
      await expect(page.getByTestId('home-use-cases').getByRole('heading', { level: 3 })).toHaveCount(6);
      await expect(page.locator('#tutorials [data-testid="blog-card"]')).toHaveCount(3);
      await expect(page.getByTestId('overseas-notice')).toContainText(lang === 'en' ? 'mainland China' : '中国大陆');
      await expect(page.getByTestId('home-buy')).toHaveAttribute('href', `${prefix}/buy`);
      await expectAxeClean(page);
      expect(errors).toEqual([]);
    });

    test(`product landing pages: pricing from the catalogue, locations, FAQ, buy (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/dynamic-residential-proxies`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.dynamic);
      await expect(page.getByTestId('packages-table').locator('tbody tr')).toHaveCount(6);
      await expect(page.getByTestId('custom-tiers')).toBeVisible();
      await expect(page.getByTestId('covered-countries')).toBeVisible();
      const faq = page.getByTestId('faq');
      await untilInteractive(page);
      await faq.getByRole('button').first().click();
      await expect(faq.getByRole('region').first()).toBeVisible();
      await expectAxeClean(page);

      await page.goto(`${prefix}/static-residential-proxies`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.static);
      for (const type of [1, 2, 12]) await expect(page.getByTestId(`durations-table-${type}`).locator('tbody tr')).toHaveCount(3);
      await expect(page.getByTestId('regions-2').locator('span').first()).toBeVisible();
      await expectAxeClean(page);

      await page.goto(`${prefix}/native-residential-proxies`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.native);
      await expect(page.getByTestId('durations-table-3').locator('tbody tr')).toHaveCount(3);
      await expectAxeClean(page);
      await page.getByTestId('landing-buy').click();
      // Buying static IPs happens in the user centre: guests log in first.
      await expect(page).toHaveURL(new RegExp(`${prefix}/login`));
    });

    test(`use scenes and customer service (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/use-scene`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.scene);
      await expect(page.getByTestId('use-case')).toHaveCount(6);
      await expect(page.locator('#travel-aggregation h2')).toBeVisible();
      await expectAxeClean(page);

      await page.goto(`${prefix}/service`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.service);
      await expect(page.getByTestId('service-hours')).toHaveText(lang === 'en' ? '24/7' : '7×24 小时');
      await expect(page.getByTestId('service-contacts').locator('li').first()).toBeVisible();
      await expectAxeClean(page);
      await page.getByTestId('service-open-panel').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test(`blog: list, tag filter, article with related posts, and back (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/blog`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.blog);
      const cards = page.getByTestId('blog-list').getByTestId('blog-card');
      await expect(cards.first()).toBeVisible();
      await expectAxeClean(page);

      await page.getByTestId('blog-tag-fingerprint-browser').click();
      await expect(page).toHaveURL(/\?tag=fingerprint-browser$/);
      await expect(cards).toHaveCount(4);

      const first = cards.first();
      const slug = (await first.getAttribute('data-slug')) as string;
      const title = (await first.getByRole('heading').textContent()) as string;
      await first.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/blog/${slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByTestId('blog-body').locator('h2').first()).toBeVisible();
      await expect(page.getByTestId('blog-related').getByTestId('blog-card')).toHaveCount(3);
      await expectAxeClean(page);

      await page.goBack();
      await expect(page).toHaveURL(/\?tag=fingerprint-browser$/);
      await page.getByTestId('blog-tag-fingerprint-browser').waitFor();
      await page.goto(`${prefix}/blog/${slug}`);
      await page.getByTestId('blog-back').first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/blog$`));

      await page.goto(`${prefix}/blog/no-such-article`);
      await expect(page.getByTestId('blog-not-found')).toBeVisible();
    });

    test(`help centre: categories and a search that finds the answer (${lang})`, async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/admin/help-center`);
      await expectRemotePage(page, 'user-center');
      await expect(page.getByTestId('help-item').first()).toBeVisible();
      await expectAxeClean(page);

      await page.getByTestId('help-category-static-ip').click();
      await expect(page).toHaveURL(/category=static-ip/);
      const items = page.getByTestId('help-item');
      await expect(items.first()).toHaveAttribute('data-category', 'static-ip');

      await page.getByTestId('help-search').fill(lang === 'en' ? 'WeChat' : '微信');
      await expect(page).toHaveURL(/q=/);
      await page.getByTestId('help-category-payment').click();
      const hit = items.filter({ hasText: lang === 'en' ? 'How do I pay with WeChat Pay?' : '如何使用微信支付付款？' });
      await expect(hit).toHaveCount(1);
      await hit.getByRole('button').click();
      await expect(hit.getByTestId('help-answer')).toContainText(lang === 'en' ? 'WeChat' : '微信');

      await page.getByTestId('help-search').fill('zzqqxx-nothing');
      await expect(page.getByTestId('help-empty')).toBeVisible();
    });
  }

  test('public pages carry their title, description, canonical and hreflang in the HTML, without JavaScript', async ({
    request,
  }) => {
    const pages = [
      '/',
      '/service',
      '/use-scene',
      '/blog',
      '/blog/adspower-proxy-setup',
      '/dynamic-residential-proxies',
      '/static-residential-proxies',
      '/native-residential-proxies',
    ];
    for (const path of pages) {
      for (const prefix of ['', '/en']) {
        const url = prefix && path === '/' ? prefix : `${prefix}${path}`;
        const res = await request.get(url, { headers: { accept: 'text/html' } });
        expect(res.status(), url).toBe(200);
        const html = await res.text();
        const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
        const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
        expect(title, url).toMatch(/ - (NovaProxy|诺瓦代理)$/);
        expect(description.length, url).toBeGreaterThan(20);
        expect(html).toContain(`<html lang="${prefix ? 'en' : 'zh-CN'}"`);
        expect(html).toMatch(/<link[^>]+rel="canonical"/);
        expect(html).toMatch(/hreflang="en"/);
        expect(html).toMatch(/hreflang="zh-CN"/);
        expect(html).toMatch(/property="og:title"/);
        if (path === '/blog/adspower-proxy-setup') {
          expect(title).toContain(prefix ? 'AdsPower' : '在 AdsPower 中配置');
          expect(html).toContain('property="og:type" content="article"');
        }
      }
    }
    // English titles are English, Chinese titles are Chinese.
    const en = await (await request.get('/en/dynamic-residential-proxies')).text();
    const zh = await (await request.get('/dynamic-residential-proxies')).text();
    expect(/<title>([^<]+)</.exec(en)?.[1]).toMatch(/Dynamic residential/i);
    expect(/<title>([^<]+)</.exec(zh)?.[1]).toMatch(/动态住宅/);

    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  });

  test('the sitemap is valid XML listing every public page in both languages and every post', async ({ page, request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    const xml = await res.text();
    await page.goto('/');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const locs = [...doc.getElementsByTagName('loc')].map((n) => new URL(n.textContent ?? '').pathname);
      const alternates = doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length;
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        locs,
        alternates,
        lastmods: doc.getElementsByTagName('lastmod').length,
      };
    }, xml);
    expect(parsed.error).toBe(false);
    for (const path of [
      '/',
      '/en',
      '/service',
      '/en/service',
      '/blog',
      '/en/blog',
      '/blog/adspower-proxy-setup',
      '/en/blog/adspower-proxy-setup',
      '/en/native-residential-proxies',
    ]) {
      expect(parsed.locs).toContain(path);
    }
    expect(parsed.locs.some((p) => p.startsWith('/admin') || p.startsWith('/en/admin'))).toBe(false);
    expect(parsed.lastmods).toBe(parsed.locs.length);
    expect(parsed.alternates).toBeGreaterThanOrEqual(parsed.locs.length * 2);
  });

  test('a Markdown post with a script tag is published by the ops CLI and renders it as inert text; later pages of the list', async ({
    page,
  }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-blog-'));
    const slug = `e2e-inert-${Date.now()}`;
    const post = (title: string, body: string) =>
      `---\ntitle: "${title}"\nsummary: "A post that tries to run a script."\ntags: [proxy-basics]\npublishedAt: 2026-11-20\n---\n\n${body}\n`;
    const body = [
      '## Before',
      '<script>window.__pwned = true</script>',
      '<img src="x" onerror="window.__pwned = true">',
      '[click me](javascript:window.__pwned=true)',
      '## After',
    ].join('\n\n');
    writeFileSync(path.join(dir, `${slug}.en.md`), post('Inert script test', body));
    writeFileSync(path.join(dir, `${slug}.zh-CN.md`), post('脚本无害化测试', body));
    writeFileSync(path.join(dir, `${slug}-2.en.md`), post('Second test post', 'Text.'));
    writeFileSync(path.join(dir, `${slug}-2.zh-CN.md`), post('第二篇测试文章', '正文。'));
    const published = opsCli(['blog', 'publish', dir]);
    expect(published.code, published.out).toBe(0);

    const errors = watchErrors(page);
    await page.goto(`/en/blog/${slug}`);
    const article = page.getByTestId('blog-body');
    await expect(article).toContainText('<script>window.__pwned = true</script>');
    await expect(article.locator('script, img[onerror], a[href^="javascript:"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);

    // 8 seeded posts and these 2 (more if a retry published again): a second page of the list.
    const total = (
      (await (await page.request.get('/app-api/content/blog/page?pageSize=1')).json()) as { data: { total: number } }
    ).data.total;
    expect(total).toBeGreaterThan(9);
    await page.goto('/en/blog');
    const pager = page.getByTestId('blog-pager');
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/en\/blog\?page=2$/);
    await expect(page.getByTestId('blog-list').getByTestId('blog-card')).toHaveCount(Math.min(9, total - 9));

    const hidden = opsCli(['blog', 'unpublish', `${slug}-2`]);
    expect(hidden.code, hidden.out).toBe(0);
  });
});
