import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContentErrorCode, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { findPostMeta, listPostsForSitemap, publishPosts, unpublishPost } from './blog.ts';
import { blogDir, helpDir, isDirectory, readHelpFiles, readPostFiles } from './files.ts';
import { publishHelp } from './help.ts';
import { seedContent } from './seed.ts';
import { blogPosts, helpDocs } from './tables.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

let t: TestApp;
let dir: string;

interface PostSpec {
  tags: string[];
  date: string;
  en: [title: string, body: string];
  zh: [title: string, body: string];
}

async function writePost(folder: string, slug: string, { tags, date, en, zh }: PostSpec) {
  const file = (title: string, body: string) =>
    `---\ntitle: ${JSON.stringify(title)}\nsummary: Summary of ${JSON.stringify(title)}\ntags: [${tags.join(', ')}]\npublishedAt: ${date}\n---\n\n${body}\n`;
  await writeFile(join(folder, `${slug}.en.md`), file(...en));
  await writeFile(join(folder, `${slug}.zh-CN.md`), file(...zh));
}

async function writeHelp(
  folder: string,
  key: string,
  category: string,
  order: number,
  en: [string, string],
  zh: [string, string],
) {
  const file = ([title, body]: [string, string]) =>
    `---\ncategory: ${category}\norder: ${order}\ntitle: ${JSON.stringify(title)}\n---\n\n${body}\n`;
  await writeFile(join(folder, `${key}.en.md`), file(en));
  await writeFile(join(folder, `${key}.zh-CN.md`), file(zh));
}

const get = (url: string, lang = 'en') => t.app.inject({ url, headers: { 'accept-language': lang } });
const data = async (url: string, lang = 'en') => {
  const res = await get(url, lang);
  expect(res.statusCode, url).toBe(200);
  expect(res.json().code, url).toBe(0);
  return res.json().data;
};
const slugs = (page: { list: Array<{ slug: string }> }) => page.list.map((p) => p.slug);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // The database comes seeded with the articles of server/content: start from known posts only.
  await db.delete(blogPosts);
  await db.delete(helpDocs);
  dir = await mkdtemp(join(tmpdir(), 'portal-content-'));
  const posts = join(dir, 'blog');
  const help = join(dir, 'help');
  await Promise.all([mkdir(posts), mkdir(help)]);
  await writePost(posts, 'alpha-guide', {
    tags: ['tutorial', 'fingerprint-browser'],
    date: '2026-01-10',
    en: ['Alpha guide', `## First steps\n\n${'word '.repeat(500)}`],
    zh: ['阿尔法指南', `## 第一步\n\n${'字'.repeat(900)}`],
  });
  await writePost(posts, 'beta-notes', {
    tags: ['tutorial'],
    date: '2026-02-10',
    en: ['Beta notes', 'Beta.'],
    zh: ['贝塔笔记', '贝塔。'],
  });
  await writePost(posts, 'gamma-deep-dive', {
    tags: ['web-scraping', 'tutorial', 'fingerprint-browser'],
    date: '2026-03-10',
    en: ['Gamma deep dive', 'Gamma.'],
    zh: ['伽马深入', '伽马。'],
  });
  await writePost(posts, 'delta-shop', {
    tags: ['e-commerce'],
    date: '2026-04-10',
    en: ['Delta shop', 'D.'],
    zh: ['德尔塔商店', 'D。'],
  });
  await writePost(posts, 'epsilon-browser', {
    tags: ['fingerprint-browser'],
    date: '2026-05-10',
    en: ['Epsilon browser', 'E.'],
    zh: ['艾普西隆浏览器', 'E。'],
  });
  await writePost(posts, 'zeta-social', {
    tags: ['social-media'],
    date: '2026-06-10',
    en: ['Zeta social', 'Z.'],
    zh: ['泽塔社交', 'Z。'],
  });
  const read = await readPostFiles([posts]);
  expect(read.errors).toEqual([]);
  await publishPosts(db, read.items, new Date());
  await unpublishPost(db, 'epsilon-browser');

  await writeHelp(
    help,
    'buy-traffic',
    'buying',
    2,
    [
      'How do I buy traffic?',
      `${'Filler text about packages. '.repeat(10)}Every package has a 100% refund guarantee within 24 hours. ${'More words follow here. '.repeat(10)}`,
    ],
    [
      '如何购买流量？',
      `${'关于套餐的说明文字。'.repeat(10)}所有套餐 24 小时内享受 100% 退款保障。${'后面还有更多内容。'.repeat(20)}`,
    ],
  );
  await writeHelp(
    help,
    'choose-package',
    'buying',
    1,
    ['Which package should I choose?', 'Start small with 5 GB. You can pay by Alipay or WeChat Pay.'],
    ['应该选择哪个套餐？', '先从 5 GB 开始。可以使用支付宝或微信支付付款。'],
  );
  await writeHelp(
    help,
    'pay-alipay',
    'payment',
    1,
    ['Paying with Alipay', 'Scan the QR code with the app.'],
    ['使用支付宝付款', '用 App 扫描二维码。'],
  );
  await writeHelp(
    help,
    'reset-password',
    'account',
    1,
    ['Reset your password', 'Open the forgot_password page. A backslash \\\\ is allowed in passwords.'],
    ['重置密码', '打开 forgot_password 页面。密码中可以使用反斜杠 \\\\。'],
  );
  const helpRead = await readHelpFiles([help]);
  expect(helpRead.errors).toEqual([]);
  await publishHelp(db, helpRead.items, new Date());
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /app-api/content/blog/page', () => {
  it('lists published posts newest first, by page, with the total', async () => {
    expect(slugs(await data('/app-api/content/blog/page'))).toEqual([
      'zeta-social',
      'delta-shop',
      'gamma-deep-dive',
      'beta-notes',
      'alpha-guide',
    ]);
    const second = await data('/app-api/content/blog/page?pageNo=2&pageSize=2');
    expect(second.total).toBe(5);
    expect(slugs(second)).toEqual(['gamma-deep-dive', 'beta-notes']);
    expect(slugs(await data('/app-api/content/blog/page?pageNo=3&pageSize=2'))).toEqual(['alpha-guide']);
    expect(await data('/app-api/content/blog/page?pageNo=9')).toEqual({ list: [], total: 5 });
  });

  it('filters by tag, leaving hidden posts out', async () => {
    const tutorial = await data('/app-api/content/blog/page?tag=tutorial');
    expect(slugs(tutorial)).toEqual(['gamma-deep-dive', 'beta-notes', 'alpha-guide']);
    expect(tutorial.total).toBe(3);
    expect(slugs(await data('/app-api/content/blog/page?tag=fingerprint-browser'))).toEqual(['gamma-deep-dive', 'alpha-guide']);
    expect(await data('/app-api/content/blog/page?tag=market-research')).toEqual({ list: [], total: 0 });
  });

  it('answers in the caller language (Accept-Language, Chinese by default)', async () => {
    const en = (await data('/app-api/content/blog/page?tag=tutorial&pageSize=1')).list[0];
    expect(en).toEqual({
      slug: 'gamma-deep-dive',
      title: 'Gamma deep dive',
      summary: 'Summary of "Gamma deep dive"',
      tags: ['web-scraping', 'tutorial', 'fingerprint-browser'],
      publishedAt: Date.UTC(2026, 2, 10),
      updatedAt: Date.UTC(2026, 2, 10),
      readingMinutes: 1,
    });
    expect((await data('/app-api/content/blog/page?tag=tutorial&pageSize=1', 'zh-CN')).list[0].title).toBe('伽马深入');
    const res = await t.app.inject({ url: '/app-api/content/blog/page?tag=tutorial&pageSize=1' });
    expect(res.json().data.list[0].title).toBe('伽马深入');
    // 500 English words ≈ 2 minutes; 900 Chinese characters ≈ 2 minutes.
    const alpha = (lang: string) => data('/app-api/content/blog/page?pageNo=5&pageSize=1', lang);
    expect((await alpha('en')).list[0]).toMatchObject({ slug: 'alpha-guide', readingMinutes: 2 });
    expect((await alpha('zh-CN')).list[0]).toMatchObject({ title: '阿尔法指南', readingMinutes: 2 });
  });

  it.each([
    ['?pageSize=1000', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?pageNo=0', 'pageNo'],
    ['?pageNo=abc', 'pageNo'],
    ['?tag=bogus', 'tag'],
    ['?tag=', 'tag'],
  ])('refuses %s with 400 in the caller language', async (query, field) => {
    const en = await get(`/app-api/content/blog/page${query}`);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: ResultCode.BadRequest, data: null });
    expect(en.json().msg).toMatch(/^Invalid request: /);
    expect(en.json().fieldErrors).toHaveProperty(field);
    const zh = await get(`/app-api/content/blog/page${query}`, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toMatch(/^请求参数有误：/);
  });
});

describe('GET /app-api/content/blog/tags', () => {
  it('counts published posts per tag in the taxonomy order, unused tags left out', async () => {
    expect(await data('/app-api/content/blog/tags')).toEqual([
      { tag: 'tutorial', count: 3 },
      { tag: 'fingerprint-browser', count: 2 },
      { tag: 'web-scraping', count: 1 },
      { tag: 'e-commerce', count: 1 },
      { tag: 'social-media', count: 1 },
    ]);
  });
});

describe('GET /app-api/content/blog/get', () => {
  it('answers one post rendered in the caller language', async () => {
    const en = await data('/app-api/content/blog/get?slug=alpha-guide');
    expect(en).toMatchObject({ slug: 'alpha-guide', title: 'Alpha guide', tags: ['tutorial', 'fingerprint-browser'] });
    expect(en.html).toMatch(/^<h2 id="first-steps">First steps<\/h2>\n<p>word word/);
    const zh = await data('/app-api/content/blog/get?slug=alpha-guide', 'zh-CN');
    expect(zh.title).toBe('阿尔法指南');
    expect(zh.html).toMatch(/^<h2 id="第一步">第一步<\/h2>/);
  });

  it('relates up to 3 other published posts: most shared tags first, then the newest', async () => {
    const alpha = await data('/app-api/content/blog/get?slug=alpha-guide');
    // gamma shares 2 tags, beta 1 (epsilon shares 1 but is hidden), then the newest of the rest.
    expect(alpha.related.map((p: { slug: string }) => p.slug)).toEqual(['gamma-deep-dive', 'beta-notes', 'zeta-social']);
    expect(alpha.related[0]).not.toHaveProperty('html');
    const zeta = await data('/app-api/content/blog/get?slug=zeta-social', 'zh-CN');
    expect(zeta.related.map((p: { title: string }) => p.title)).toEqual(['德尔塔商店', '伽马深入', '贝塔笔记']);
  });

  it('answers PostNotFound with a localized message for an unknown or hidden slug', async () => {
    for (const slug of ['no-such-post', 'epsilon-browser']) {
      const en = await get(`/app-api/content/blog/get?slug=${slug}`);
      expect(en.statusCode).toBe(200);
      expect(en.json()).toEqual({
        code: ContentErrorCode.PostNotFound,
        data: null,
        msg: 'This article does not exist or is no longer available',
      });
      expect((await get(`/app-api/content/blog/get?slug=${slug}`, 'zh-CN')).json().msg).toBe('文章不存在或已下线');
    }
  });

  it.each(['?slug=Bad_Slug', '?slug=-x', '?slug=a--b', '', `?slug=${'a'.repeat(121)}`, '?slug=%E4%BB%A3%E7%90%86'])(
    'refuses %j with 400, never 500',
    async (query) => {
      const res = await get(`/app-api/content/blog/get${query}`, 'zh-CN');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ResultCode.BadRequest, fieldErrors: { slug: expect.any(String) } });
      expect(res.json().msg).toMatch(/^请求参数有误：/);
    },
  );
});

describe('posts for the sitemap and page head tags', () => {
  it('lists published posts with their last change', async () => {
    const posts = await listPostsForSitemap(t.database.db);
    expect(posts.map((p) => p.slug)).toEqual(['zeta-social', 'delta-shop', 'gamma-deep-dive', 'beta-notes', 'alpha-guide']);
    expect(posts[0]?.updatedAt).toEqual(new Date('2026-06-10T00:00:00Z'));
  });

  it('finds the meta of a published post in one language', async () => {
    expect(await findPostMeta(t.database.db, 'beta-notes', 'zh-CN')).toEqual({
      title: '贝塔笔记',
      summary: 'Summary of "贝塔笔记"',
      tags: ['tutorial'],
      publishedAt: new Date('2026-02-10T00:00:00Z'),
      updatedAt: new Date('2026-02-10T00:00:00Z'),
    });
    expect((await findPostMeta(t.database.db, 'beta-notes', 'en'))?.title).toBe('Beta notes');
    expect(await findPostMeta(t.database.db, 'epsilon-browser', 'en')).toBeNull();
    expect(await findPostMeta(t.database.db, 'nothing', 'en')).toBeNull();
  });
});

describe('GET /app-api/system/helpCenter/page', () => {
  const keys = async (query: string, lang = 'en') => {
    const page = await data(`/app-api/system/helpCenter/page${query}`, lang);
    return page.list.map((d: { title: string }) => d.title);
  };

  it('lists answers in category order, then their order, optionally of one category', async () => {
    expect(await keys('')).toEqual([
      'Which package should I choose?',
      'How do I buy traffic?',
      'Paying with Alipay',
      'Reset your password',
    ]);
    expect(await keys('?category=buying', 'zh-CN')).toEqual(['应该选择哪个套餐？', '如何购买流量？']);
    expect(await data('/app-api/system/helpCenter/page?category=static-ip')).toEqual({ list: [], total: 0 });
    const page = await data('/app-api/system/helpCenter/page?pageNo=2&pageSize=3');
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(1);
  });

  it('searches titles and answers of the caller language, case-insensitively, title matches first', async () => {
    expect(await keys('?keyword=ALIPAY')).toEqual(['Paying with Alipay', 'Which package should I choose?']);
    expect(await keys('?keyword=%E6%94%AF%E4%BB%98%E5%AE%9D', 'zh-CN')).toEqual(['使用支付宝付款', '应该选择哪个套餐？']);
    expect(await keys('?keyword=%E6%94%AF%E4%BB%98%E5%AE%9D', 'en')).toEqual([]);
    expect(await keys('?keyword=alipay&category=buying')).toEqual(['Which package should I choose?']);
    expect(await keys('?keyword=%20%20%20')).toHaveLength(4);
    expect(await keys('?keyword=')).toHaveLength(4);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await keys('?keyword=%25')).toEqual(['How do I buy traffic?']);
    expect(await keys('?keyword=100%25', 'zh-CN')).toEqual(['如何购买流量？']);
    expect(await keys('?keyword=_')).toEqual(['Reset your password']);
    expect(await keys('?keyword=%5C')).toEqual(['Reset your password']);
    expect(await keys('?keyword=%25%25')).toEqual([]);
  });

  it('gives an excerpt around the first match, or the opening of the answer', async () => {
    const [found] = (await data('/app-api/system/helpCenter/page?keyword=refund')).list;
    expect(found.excerpt).toMatch(/^….*100% refund guarantee.*…$/);
    expect(Array.from(found.excerpt as string).length).toBeLessThanOrEqual(142);
    const [zh] = (await data('/app-api/system/helpCenter/page?keyword=%E9%80%80%E6%AC%BE', 'zh-CN')).list;
    expect(zh.excerpt).toMatch(/^….*退款保障.*…$/);
    const all = await data('/app-api/system/helpCenter/page?category=buying');
    expect(all.list[0].excerpt).toBe('Start small with 5 GB. You can pay by Alipay or WeChat Pay.');
    expect(all.list[1].excerpt).toMatch(/^Filler text about packages\. .*…$/);
    expect(all.list[1]).toMatchObject({ category: 'buying', id: expect.any(Number), updatedAt: expect.any(Number) });
  });

  it.each([`?keyword=${'x'.repeat(51)}`, '?category=billing', '?pageSize=101'])('refuses %s with 400', async (query) => {
    const res = await get(`/app-api/system/helpCenter/page${query}`, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^请求参数有误：/);
  });
});

describe('GET /app-api/system/helpCenter/get and /categories', () => {
  it('answers one rendered answer in the caller language', async () => {
    const [first] = (await data('/app-api/system/helpCenter/page?keyword=backslash')).list;
    const doc = await data(`/app-api/system/helpCenter/get?id=${first.id}`);
    expect(doc).toEqual({
      id: first.id,
      category: 'account',
      title: 'Reset your password',
      html: '<p>Open the forgot_password page. A backslash \\ is allowed in passwords.</p>\n',
      updatedAt: first.updatedAt,
    });
    expect((await data(`/app-api/system/helpCenter/get?id=${first.id}`, 'zh-CN')).title).toBe('重置密码');
  });

  it('answers HelpDocNotFound for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/app-api/system/helpCenter/get?id=999999')).json()).toEqual({
      code: ContentErrorCode.HelpDocNotFound,
      data: null,
      msg: 'This help article does not exist or is no longer available',
    });
    expect((await get('/app-api/system/helpCenter/get?id=999999', 'zh-CN')).json().msg).toBe('帮助文档不存在或已下线');
    for (const id of ['abc', '0', '-1', '1.5'])
      expect((await get(`/app-api/system/helpCenter/get?id=${id}`)).statusCode).toBe(400);
  });

  it('counts answers of every category, in the page order, zeros included', async () => {
    expect(await data('/app-api/system/helpCenter/categories')).toEqual([
      { category: 'buying', count: 2 },
      { category: 'payment', count: 1 },
      { category: 'certification', count: 0 },
      { category: 'proxy-usage', count: 0 },
      { category: 'static-ip', count: 0 },
      { category: 'account', count: 1 },
    ]);
  });
});

describe('seedContent', () => {
  it('inserts missing posts and answers only, never undoing an ops change, and re-renders old rows', async () => {
    const db = t.database.db;
    const post = (slug: string) =>
      db
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.slug, slug))
        .then((rows) => rows[0]);
    await seedContent(db, { root: FIXTURES });
    const socks = await post('fixture-socks5-basics');
    expect(socks).toMatchObject({
      status: 'published',
      titleEn: 'SOCKS5 proxies in five minutes',
      tags: ['proxy-basics', 'tutorial'],
    });
    expect(socks?.updatedAt).toEqual(new Date('2026-09-14T00:00:00Z'));
    expect((await post('fixture-scraping-at-scale'))?.updatedAt).toEqual(new Date('2026-10-05T00:00:00Z'));
    const [answer] = await db.select().from(helpDocs).where(eq(helpDocs.key, 'fixture-pay-by-alipay'));
    expect(answer).toMatchObject({ category: 'payment', sortOrder: 1, titleZh: '如何使用支付宝付款？' });
    const html = (await data('/app-api/content/blog/get?slug=fixture-socks5-basics')).html as string;
    expect(html).toContain('<h2 id="set-it-up">Set it up</h2>');
    expect(html).toContain('<div class="md-table"><table>');
    expect(html).toContain(
      '<a href="https://www.rfc-editor.org/rfc/rfc1928" target="_blank" rel="noopener noreferrer nofollow">RFC</a>',
    );
    expect(html).toContain('<a href="/buy">buying guide</a>');
    expect(html).toContain('<pre><code class="language-sh">curl');

    // An operator changes one post and hides the other; the next start keeps both decisions.
    const [source] = (await readPostFiles([join(FIXTURES, 'blog', 'fixture-socks5-basics.en.md')])).items;
    if (!source) throw new Error('fixture not read');
    const changedAt = new Date('2026-11-01T00:00:00Z');
    expect(await publishPosts(db, [{ ...source, en: { ...source.en, title: 'SOCKS5, revised' } }], changedAt)).toEqual([
      { name: 'fixture-socks5-basics', outcome: 'updated' },
    ]);
    await unpublishPost(db, 'fixture-scraping-at-scale');
    await db.update(helpDocs).set({ titleEn: 'Changed by ops' }).where(eq(helpDocs.key, 'fixture-pay-by-alipay'));
    // A row of an older renderer.
    await db
      .update(blogPosts)
      .set({ htmlZh: 'stale', textEn: 'stale', readingMinutesEn: 0, renderVersion: 0 })
      .where(eq(blogPosts.slug, 'fixture-socks5-basics'));
    await db.update(helpDocs).set({ htmlEn: 'stale', renderVersion: 0 }).where(eq(helpDocs.key, 'fixture-pay-by-alipay'));

    await seedContent(db, { root: FIXTURES });
    expect(await post('fixture-socks5-basics')).toMatchObject({
      titleEn: 'SOCKS5, revised',
      updatedAt: changedAt,
      renderVersion: 1,
    });
    expect((await post('fixture-socks5-basics'))?.htmlZh).toContain('<h2 id="如何设置">如何设置</h2>');
    expect((await post('fixture-socks5-basics'))?.textEn).toContain('Set it up');
    expect((await post('fixture-socks5-basics'))?.readingMinutesEn).toBeGreaterThan(0);
    const [rerendered] = await db.select().from(helpDocs).where(eq(helpDocs.key, 'fixture-pay-by-alipay'));
    expect(rerendered).toMatchObject({ renderVersion: 1 });
    expect(rerendered?.htmlEn).toContain('<strong>Alipay</strong>');
    expect((await post('fixture-scraping-at-scale'))?.status).toBe('hidden');
    expect((await db.select().from(helpDocs).where(eq(helpDocs.key, 'fixture-pay-by-alipay')))[0]?.titleEn).toBe(
      'Changed by ops',
    );
  });

  it('accepts a missing content folder and refuses invalid files with every problem listed', async () => {
    await expect(seedContent(t.database.db, { root: join(dir, 'nothing-here') })).resolves.toBeUndefined();
    const bad = join(dir, 'bad-root');
    await mkdir(join(bad, 'blog'), { recursive: true });
    await writeFile(join(bad, 'blog', 'lonely.en.md'), '---\ntitle: x\n---\nx\n');
    await expect(seedContent(t.database.db, { root: bad })).rejects.toThrow(
      /lonely\.en\.md: no Chinese version lonely\.zh-CN\.md/,
    );
  });

  it('ships valid content files', async () => {
    for (const [folder, read] of [
      [blogDir(), readPostFiles],
      [helpDir(), readHelpFiles],
    ] as const) {
      if (await isDirectory(folder)) expect((await read([folder])).errors).toEqual([]);
    }
  });

  it("links help answers by the page's name, never by a raw route path, in both languages", async () => {
    const { items } = await readHelpFiles([helpDir()]);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      for (const locale of ['en', 'zh-CN'] as const) {
        // `[/admin/auth](/admin/auth)` reads as a path (English-looking in the Chinese page): the link text is the page's name.
        expect(item[locale].body, `${item.key}.${locale}`).not.toMatch(/\[\/[^\]]*\]\(/);
        expect(item[locale].body, `${item.key}.${locale}`).not.toMatch(/(?:\s\(|（)\/(?:en\/)?admin\//);
      }
    }
  });
});
