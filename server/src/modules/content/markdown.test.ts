import { describe, expect, it } from 'vitest';
import { excerpt, plainText, readingMinutes, renderMarkdown, slugifyHeading } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders no executable markup from raw HTML or script links', () => {
    const html = renderMarkdown(
      [
        'Hello <script>alert(1)</script>',
        '',
        '<img src=x onerror=alert(1)>',
        '',
        '<div onclick="alert(1)">x</div>',
        '',
        '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](vbscript:msgbox) [d](data:text/html;base64,PHNjcmlwdD4=)',
        '',
        '![i](javascript:alert(1)) <javascript:alert(1)> [e](java&#x09;script:alert(1))',
        '',
        '[t](https://example.com "a\\" onmouseover=\\"alert(1)")',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script/i);
    // Attribute names of every tag (quoted values blanked: markdown-it always quotes and escapes them).
    const attributes = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0].replace(/"[^"]*"/g, '""'));
    expect(attributes.filter((tag) => /\son[a-z]+=/i.test(tag))).toEqual([]);
    expect(html).not.toMatch(/href="\s*(?:javascript|vbscript|data):/i);
    expect(html).not.toMatch(/src="\s*javascript:/i);
    // Shown as text, escaped.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('gives headings stable ids, keeping CJK and numbering repeats', () => {
    const html = renderMarkdown(
      '# Getting Started!\n\n## 如何设置 SOCKS5\n\n## Getting started\n\n### `code` & *more*\n\n## ???\n',
    );
    expect(html).toContain('<h1 id="getting-started">Getting Started!</h1>');
    expect(html).toContain('<h2 id="如何设置-socks5">如何设置 SOCKS5</h2>');
    expect(html).toContain('<h2 id="getting-started-2">Getting started</h2>');
    expect(html).toContain('<h3 id="code-more"><code>code</code> &amp; <em>more</em></h3>');
    expect(html).toContain('<h2 id="section">???</h2>');
    expect(renderMarkdown('# Getting Started!')).toBe(renderMarkdown('# Getting Started!'));
  });

  it('opens external links in a new tab without referrer or ranking, and leaves site links alone', () => {
    const html = renderMarkdown(
      '[a](https://example.com/x) [b](/buy) [c](#set-it-up) and https://www.example.org/page. and mailto:a@example.com',
    );
    expect(html).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">a</a>');
    expect(html).toContain('<a href="/buy">b</a>');
    expect(html).toContain('<a href="#set-it-up">c</a>');
    // linkify
    expect(html).toContain(
      '<a href="https://www.example.org/page" target="_blank" rel="noopener noreferrer nofollow">https://www.example.org/page</a>.',
    );
    expect(html).toContain('<a href="mailto:a@example.com">mailto:a@example.com</a>');
  });

  it('renders tables (wrapped for scrolling), fenced code and lazy images', () => {
    const html = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nconst x = "<b>";\n```\n\n![alt](/img/a.png)');
    expect(html).toMatch(/^<div class="md-table"><table>[\s\S]*<td>1<\/td>[\s\S]*<\/table><\/div>/);
    expect(html).toContain('<pre><code class="language-js">const x = &quot;&lt;b&gt;&quot;;\n</code></pre>');
    expect(html).toContain('<img src="/img/a.png" alt="alt" loading="lazy">');
  });
});

describe('plainText, readingMinutes and excerpt', () => {
  it('strips the markup, keeping what a reader sees', () => {
    expect(plainText('# Title\n\nSome **bold** [link](https://x.example) and `code`.\n\n- one\n- two\n\n```\nrun it\n```')).toBe(
      'Title Some bold link and code. one two run it',
    );
    expect(plainText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('estimates reading minutes: ~220 English words or ~400 Chinese characters a minute, at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(660))).toBe(3);
    expect(readingMinutes('代'.repeat(1200))).toBe(3);
    expect(readingMinutes(`${'代'.repeat(400)} ${'word '.repeat(220)}`)).toBe(2);
  });

  it('cuts about 140 characters around the first match, marking cut ends', () => {
    const text = `${'lorem ipsum '.repeat(30)}the Alipay QR code ${'dolor sit '.repeat(30)}`;
    const cut = excerpt(text, 'alipay');
    expect(cut).toMatch(/^….*Alipay QR code.*…$/);
    expect(Array.from(cut).length).toBeLessThanOrEqual(142);
    expect(excerpt(text)).toMatch(/^lorem ipsum.*…$/);
    expect(excerpt(text, 'absent')).toBe(excerpt(text));
    expect(excerpt('short text', 'text')).toBe('short text');
    const zh = `${'这是一段很长的说明文字。'.repeat(20)}请使用支付宝扫码付款。${'后面还有更多内容。'.repeat(20)}`;
    expect(excerpt(zh, '支付宝')).toMatch(/^….*支付宝.*…$/);
    expect(excerpt(`${'x'.repeat(200)} 50% off`, '%')).toContain('50% off');
  });

  it('slugifies headings', () => {
    expect(slugifyHeading('  Hello,   World — 2026!  ')).toBe('hello-world-2026');
    expect(slugifyHeading('代理 IP 是什么？')).toBe('代理-ip-是什么');
  });
});
