import MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';

/**
 * Markdown of posts and help answers → the HTML the pages insert as is. Safe by construction:
 * raw HTML is escaped (`html: false`, so `<script>` shows as text), links and images go through
 * markdown-it's validateLink (no javascript:, vbscript:, file: or non-image data: URLs), and every
 * attribute value is escaped by the renderer. Nothing here adds attributes from the author's text
 * except the escaped href/src/alt/title and the heading ids (letters, digits and hyphens only).
 *
 * What the pages get (for their styles and scripts):
 * - `<h1>`…`<h6>` with `id` = the slugified heading text (lower case, CJK kept, `-2`, `-3` … for
 *   repeats), for `#anchor` links and a table of contents;
 * - absolute http(s) links with `target="_blank" rel="noopener noreferrer nofollow"`;
 * - tables wrapped in `<div class="md-table">` (horizontal scrolling on small screens);
 * - fenced code as `<pre><code class="language-xxx">` (no highlighting on the server);
 * - images with `loading="lazy"`.
 */

/** Bump when the HTML or the plain text a document renders to changes: stored rows are re-rendered at start. */
export const RENDER_VERSION = 1;

const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });

/** Text of an inline token's children, as a reader sees it (no markup). */
function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .map((child) => {
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      if (child.type === 'image') return inlineText(child);
      return child.type === 'text' || child.type === 'code_inline' ? child.content : '';
    })
    .join('');
}

/** A heading's anchor: lower case, letters (any script) and digits kept, the rest turned into hyphens. */
export function slugifyHeading(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

function headingIds(state: StateCore): void {
  const used = new Set<string>();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const base = slugifyHeading(inlineText(state.tokens[i + 1])) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    token.attrSet('id', id);
  });
}
md.core.ruler.push('heading_ids', headingIds);

const isExternal = (href: string) => /^(?:https?:)?\/\//i.test(href);

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && isExternal(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

const defaultImage = md.renderer.rules.image;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx]?.attrSet('loading', 'lazy');
  return defaultImage ? defaultImage(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

md.renderer.rules.table_open = (tokens, idx, options, _env, self) =>
  `<div class="md-table">${self.renderToken(tokens, idx, options)}`;
md.renderer.rules.table_close = (tokens, idx, options, _env, self) =>
  `${self.renderToken(tokens, idx, options).trimEnd()}</div>\n`;

/** The HTML of a Markdown document (see the module comment for what it may contain). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

/**
 * The text a reader sees, whitespace collapsed to single spaces: for excerpts, search and the
 * reading time. Raw HTML in the source is text too (it is shown as text).
 */
export function plainText(source: string): string {
  const parts: string[] = [];
  for (const token of md.parse(source, {})) {
    if (token.type === 'inline') parts.push(inlineText(token));
    else if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/** Reading minutes of plain text: about 220 words a minute, 400 Chinese characters a minute; at least 1. */
export function readingMinutes(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return Math.max(1, Math.round(cjk / 400 + words / 220));
}

const EXCERPT_LENGTH = 140;

/**
 * About 140 characters of `text` around the first (case-insensitive) occurrence of `keyword`, or
 * its opening when there is none; `…` marks the ends that were cut.
 */
export function excerpt(text: string, keyword?: string): string {
  const chars = Array.from(text);
  if (chars.length <= EXCERPT_LENGTH) return text;
  let start = 0;
  const needle = keyword?.trim();
  if (needle) {
    const found = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu').exec(text);
    if (found) {
      // Code points before the match (the regex index counts UTF-16 units).
      const at = Array.from(text.slice(0, found.index)).length;
      start = Math.max(0, Math.min(at - 40, chars.length - EXCERPT_LENGTH));
    }
  }
  let end = Math.min(chars.length, start + EXCERPT_LENGTH);
  // Cut between words where the text has spaces (not within CJK runs, which have none).
  if (start > 0) {
    const space = chars.slice(start, start + 15).indexOf(' ');
    if (space >= 0) start += space + 1;
  }
  if (end < chars.length) {
    const space = chars.slice(end - 15, end).lastIndexOf(' ');
    if (space >= 0) end = end - 15 + space;
  }
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('').trim()}${end < chars.length ? '…' : ''}`;
}
