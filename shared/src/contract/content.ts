import { z } from 'zod';
import { defineApi, page, pageQuery } from './define.ts';
import { inQuery, text } from './primitives.ts';

/**
 * Content (SPEC sections 1, 2 and 7): the blog, the help centre and the "from" prices the
 * marketing pages show. Posts and help answers are stored in both languages as Markdown and
 * answered in the caller's language (Accept-Language) as HTML the server rendered with raw HTML
 * switched off, so nothing an author writes can run in a reader's browser.
 */

export const ContentErrorCode = {
  PostNotFound: 1_011_001_000,
  HelpDocNotFound: 1_011_002_000,
} as const;

/** The blog's fixed taxonomy: the ops CLI refuses other tags, the pages have a label for each. */
export const BLOG_TAGS = [
  'tutorial',
  'fingerprint-browser',
  'web-scraping',
  'e-commerce',
  'market-research',
  'social-media',
  'proxy-basics',
] as const;
export const blogTag = z.enum(BLOG_TAGS);
export type BlogTag = z.output<typeof blogTag>;

/** URL slugs of posts: lower-case words joined by hyphens. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogSlug = z.string().min(1).max(120).regex(BLOG_SLUG_PATTERN);

export const blogPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  tags: z.array(blogTag),
  /** Milliseconds since the epoch. */
  publishedAt: z.number().int(),
  updatedAt: z.number().int(),
  /** Estimated from the body's length in the answered language. */
  readingMinutes: z.number().int().positive(),
});
export type BlogPostSummary = z.output<typeof blogPostSummary>;

export const blogPost = blogPostSummary.extend({
  /** The body as sanitized HTML (Markdown rendered on the server, raw HTML escaped). */
  html: z.string(),
  /** Up to three other posts, those sharing the most tags first, then the newest. */
  related: z.array(blogPostSummary),
});
export type BlogPost = z.output<typeof blogPost>;

export const blogPageQuery = pageQuery.extend({ tag: blogTag.optional() });
export const blogTagCount = z.object({ tag: blogTag, count: z.number().int().nonnegative() });

/** Help centre categories, in the order the page lists them. */
export const HELP_CATEGORIES = ['buying', 'payment', 'certification', 'proxy-usage', 'static-ip', 'account'] as const;
export const helpCategory = z.enum(HELP_CATEGORIES);
export type HelpCategory = z.output<typeof helpCategory>;

export const helpDocSummary = z.object({
  id: z.number().int().positive(),
  category: helpCategory,
  title: z.string(),
  /** Plain text around the first match of the search, or the answer's opening words. */
  excerpt: z.string(),
  updatedAt: z.number().int(),
});
export type HelpDocSummary = z.output<typeof helpDocSummary>;

export const helpDoc = helpDocSummary.omit({ excerpt: true }).extend({ html: z.string() });
export type HelpDoc = z.output<typeof helpDoc>;

export const helpPageQuery = pageQuery.extend({
  category: helpCategory.optional(),
  /** Searched in titles and answers of the caller's language, case-insensitively. */
  keyword: text(50).optional(),
});
export const helpCategoryCount = z.object({ category: helpCategory, count: z.number().int().nonnegative() });

/**
 * The lowest price of each product line, for "from ¥X" on the marketing pages: per GB for dynamic
 * traffic (packages and custom tiers), per IP and 30 days for each static type (the cheapest
 * duration, prorated and rounded up to the fen). Null when nothing of that line is on sale.
 */
export const fromPrices = z.object({
  dynamicPerGbFen: z.number().int().nonnegative().nullable(),
  datacenterPerIpMonthFen: z.number().int().nonnegative().nullable(),
  staticIspPerIpMonthFen: z.number().int().nonnegative().nullable(),
  nativePerIpMonthFen: z.number().int().nonnegative().nullable(),
  chinaIspPerIpMonthFen: z.number().int().nonnegative().nullable(),
});
export type FromPrices = z.output<typeof fromPrices>;

export const contentApi = {
  blogPage: defineApi({
    method: 'GET',
    path: '/app-api/content/blog/page',
    summary: 'Published blog posts, newest first, optionally of one tag',
    tags: ['content'],
    auth: false,
    query: blogPageQuery,
    data: page(blogPostSummary),
  }),
  blogTags: defineApi({
    method: 'GET',
    path: '/app-api/content/blog/tags',
    summary: 'Tags in use by published posts, with how many posts carry each',
    tags: ['content'],
    auth: false,
    data: z.array(blogTagCount),
  }),
  blogGet: defineApi({
    method: 'GET',
    path: '/app-api/content/blog/get',
    summary: 'One published post by slug, rendered, with related posts',
    tags: ['content'],
    auth: false,
    query: z.object({ slug: blogSlug }),
    data: blogPost,
  }),
  helpCenterPage: defineApi({
    method: 'GET',
    path: '/app-api/system/helpCenter/page',
    summary: 'Help centre answers, by category and/or keyword search',
    tags: ['content'],
    auth: false,
    query: helpPageQuery,
    data: page(helpDocSummary),
  }),
  helpCenterGet: defineApi({
    method: 'GET',
    path: '/app-api/system/helpCenter/get',
    summary: 'One help centre answer, rendered',
    tags: ['content'],
    auth: false,
    query: z.object({ id: inQuery.id }),
    data: helpDoc,
  }),
  helpCenterCategories: defineApi({
    method: 'GET',
    path: '/app-api/system/helpCenter/categories',
    summary: 'Help centre categories with how many answers each holds',
    tags: ['content'],
    auth: false,
    data: z.array(helpCategoryCount),
  }),
  fromPrices: defineApi({
    method: 'GET',
    path: '/app-api/ip/catalogue/from-prices',
    summary: 'The lowest price of each product line, for the marketing pages',
    tags: ['content'],
    auth: false,
    data: fromPrices,
  }),
};
