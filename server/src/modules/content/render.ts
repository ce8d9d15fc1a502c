import { plainText, readingMinutes, renderMarkdown } from './markdown.ts';

/**
 * Why the HTML is rendered when a document is written (ops publish, the seed) and stored, rather
 * than on every read: reads are the hot path (public pages, the sitemap, per-page head tags) and
 * documents change rarely; the keyword search and the excerpts need the plain text in the database
 * anyway; and a stored page is exactly what was checked when it was published. The Markdown is
 * stored too, so a renderer change (RENDER_VERSION) re-renders every row at the next start.
 */
export function rendered(markdown: string): { html: string; text: string; minutes: number } {
  const text = plainText(markdown);
  return { html: renderMarkdown(markdown), text, minutes: readingMinutes(text) };
}

/** The outcome of publishing one document, as the ops CLI prints it. */
export type PublishOutcome = 'published' | 'updated' | 'unchanged';

export interface PublishResult {
  /** Slug of a post, key of a help answer. */
  name: string;
  outcome: PublishOutcome;
}
