import { expect, test } from '../support/test.ts';

/**
 * Each tag of a page head appears once: in the HTML the server sends (the build's index.html plus
 * the page's own head, modules/seo/head.ts) and in the document once the shell has run.
 */

const PAGES = ['/', '/en/buy', '/service', '/en/blog'];

/** The <meta>, <link> and <title> tags of the head, normalized so that equal tags compare equal. */
function headTags(html: string): string[] {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<(meta|link)\b[^>]*>|<title\b[^>]*>[\s\S]*?<\/title>/gi)].map((m) =>
    m[0].replace(/\s*\/?>$/, '>').replace(/\s+/g, ' '),
  );
}

test.describe('page head', () => {
  for (const path of PAGES) {
    test(`the HTML of ${path} has each head tag once`, async ({ request }) => {
      const res = await request.get(path, { headers: { accept: 'text/html' } });
      expect(res.status()).toBe(200);
      const tags = headTags(await res.text());
      const repeated = tags.filter((tag, i) => tags.indexOf(tag) !== i);
      expect(repeated).toEqual([]);
      const count = (pattern: RegExp) => tags.filter((tag) => pattern.test(tag)).length;
      expect(count(/^<link [^>]*rel="icon"/)).toBe(1);
      expect(count(/^<title/)).toBe(1);
      expect(count(/^<meta [^>]*name="description"/)).toBe(1);
      expect(count(/^<meta [^>]*name="viewport"/)).toBe(1);
      expect(count(/^<link [^>]*rel="canonical"/)).toBe(1);
    });
  }

  test('the document keeps one of each after the shell has run and navigated', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('[data-remote="marketing"]')).toBeAttached();
    await page.goto('/en/buy');
    await expect(page.locator('[data-remote="checkout"]')).toBeAttached();
    const counts = await page.evaluate(() => ({
      icon: document.head.querySelectorAll('link[rel="icon"]').length,
      title: document.head.querySelectorAll('title').length,
      description: document.head.querySelectorAll('meta[name="description"]').length,
      canonical: document.head.querySelectorAll('link[rel="canonical"]').length,
      viewport: document.head.querySelectorAll('meta[name="viewport"]').length,
    }));
    expect(counts).toEqual({ icon: 1, title: 1, description: 1, canonical: 1, viewport: 1 });
  });
});
