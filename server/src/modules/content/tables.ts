import { HELP_CATEGORIES } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Blog posts (SPEC section 2: /blog, /blog/{slug}), one row per post with both languages. Authors
 * write Markdown files (server/content/blog, `npm run ops -- blog publish`); the `md` columns keep
 * what they wrote, `html` and `text` are derived from it when it is written (see markdown.ts and
 * RENDER_VERSION): reads never render.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    /** BLOG_TAGS values. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** `hidden`: unpublished by an operator; kept so that the seed never brings it back. */
    status: text('status').$type<'published' | 'hidden'>().notNull().default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Set to now by every change of the content (ops `blog publish`). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    summaryEn: text('summary_en').notNull(),
    summaryZh: text('summary_zh').notNull(),
    mdEn: text('md_en').notNull(),
    mdZh: text('md_zh').notNull(),
    htmlEn: text('html_en').notNull(),
    htmlZh: text('html_zh').notNull(),
    textEn: text('text_en').notNull(),
    textZh: text('text_zh').notNull(),
    readingMinutesEn: integer('reading_minutes_en').notNull(),
    readingMinutesZh: integer('reading_minutes_zh').notNull(),
    /** The renderer version `html` and `text` were made with; older rows are re-rendered at start. */
    renderVersion: integer('render_version').notNull(),
  },
  (t) => [
    check('blog_posts_status', sql`${t.status} in ('published', 'hidden')`),
    index('blog_posts_published_idx').on(t.status, t.publishedAt),
  ],
);

/** Help centre answers (SPEC: /admin/help-center), both languages per row, keyed by file name. */
export const helpDocs = pgTable(
  'help_docs',
  {
    id: serial('id').primaryKey(),
    /** The file name without `.en.md` / `.zh-CN.md`. */
    key: text('key').notNull().unique(),
    /** HELP_CATEGORIES value. */
    category: text('category').notNull(),
    /** Position within its category. */
    sortOrder: integer('sort_order').notNull(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    mdEn: text('md_en').notNull(),
    mdZh: text('md_zh').notNull(),
    htmlEn: text('html_en').notNull(),
    htmlZh: text('html_zh').notNull(),
    /** Plain text of the answer: what the keyword search and the excerpts read. */
    textEn: text('text_en').notNull(),
    textZh: text('text_zh').notNull(),
    renderVersion: integer('render_version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('help_docs_category', sql.raw(`category in (${HELP_CATEGORIES.map((c) => `'${c}'`).join(', ')})`)),
    index('help_docs_category_idx').on(t.category, t.sortOrder),
  ],
);
