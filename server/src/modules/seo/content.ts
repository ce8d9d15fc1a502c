import { findPostMeta, listPostsForSitemap } from '../content/blog.ts';

/** What the page heads and the sitemap read of the blog (the content module's; tests may pass their own). */
export interface SeoContent {
  findPostMeta: typeof findPostMeta;
  listPostsForSitemap: typeof listPostsForSitemap;
}

export type PostMeta = NonNullable<Awaited<ReturnType<typeof findPostMeta>>>;

export const blogContent: SeoContent = { findPostMeta, listPostsForSitemap };
