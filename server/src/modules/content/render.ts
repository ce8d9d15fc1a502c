import { plainText, RENDER_VERSION, renderMarkdown } from './markdown.ts';

/**
 * Why the HTML is rendered when a document is written (ops publish, the seed) and stored, rather
 * than on every read: reads are the hot path (public pages, the sitemap, per-page head tags) and
 * documents change rarely; the keyword search and the excerpts need the plain text in the database
 * anyway; and a stored page is exactly what was checked when it was published. The Markdown is
 * stored too, so a renderer change (RENDER_VERSION) re-renders every row at the next start.
 */
function rendered(markdown: string): { html: string; text: string } {
  return { html: renderMarkdown(markdown), text: plainText(markdown) };
}

/** A document's words in both languages, as its files give them (a post, a help answer). */
export interface BilingualText {
  en: { title: string; body: string };
  'zh-CN': { title: string; body: string };
}

/**
 * The columns every stored document (blog post, help answer) keeps of its text in both languages:
 * title and Markdown as written, HTML and plain text as rendered now, and the renderer's version.
 */
export function documentColumns(source: BilingualText) {
  return {
    titleEn: source.en.title,
    titleZh: source['zh-CN'].title,
    mdEn: source.en.body,
    mdZh: source['zh-CN'].body,
    ...renderedColumns(source.en.body, source['zh-CN'].body),
  };
}

/** HTML and plain text of a document's Markdown in both languages, with the renderer's version (RENDER_VERSION). */
export function renderedColumns(mdEn: string, mdZh: string) {
  const en = rendered(mdEn);
  const zh = rendered(mdZh);
  return { htmlEn: en.html, htmlZh: zh.html, textEn: en.text, textZh: zh.text, renderVersion: RENDER_VERSION };
}

/** Whether the files give a document's title or Markdown other than the stored ones (either language). */
export function textDiffers(row: { titleEn: string; titleZh: string; mdEn: string; mdZh: string }, source: BilingualText) {
  return (
    row.titleEn !== source.en.title ||
    row.titleZh !== source['zh-CN'].title ||
    row.mdEn !== source.en.body ||
    row.mdZh !== source['zh-CN'].body
  );
}

/** The outcome of publishing one document, as the ops CLI prints it. */
export type PublishOutcome = 'published' | 'updated' | 'unchanged';

export interface PublishResult {
  /** Slug of a post, key of a help answer. */
  name: string;
  outcome: PublishOutcome;
}
