import {
  type ApiData,
  BLOG_TAGS,
  type BlogPostSummary,
  type BlogTag,
  ContentErrorCode,
  type contentApi,
  type Locale,
} from '@portal/shared';
import { and, arrayContains, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { changed as dataChanged } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import type { PostSource } from './files.ts';
import { RENDER_VERSION, readingMinutes } from './markdown.ts';
import { documentColumns, type PublishResult, renderedColumns, textDiffers } from './render.ts';
import { blogPosts } from './tables.ts';

type Row = typeof blogPosts.$inferSelect;
type NewRow = typeof blogPosts.$inferInsert;

const isPublished = eq(blogPosts.status, 'published');

const LOCALIZED = {
  en: {
    title: blogPosts.titleEn,
    summary: blogPosts.summaryEn,
    html: blogPosts.htmlEn,
    readingMinutes: blogPosts.readingMinutesEn,
  },
  'zh-CN': {
    title: blogPosts.titleZh,
    summary: blogPosts.summaryZh,
    html: blogPosts.htmlZh,
    readingMinutes: blogPosts.readingMinutesZh,
  },
} as const;

const KNOWN_TAGS = new Set<string>(BLOG_TAGS);
/** Tags the contract knows: a tag dropped from BLOG_TAGS later must not break the answers. */
const knownTags = (tags: string[]) => tags.filter((tag): tag is BlogTag => KNOWN_TAGS.has(tag));

const summaryColumns = (locale: Locale) => ({
  slug: blogPosts.slug,
  title: LOCALIZED[locale].title,
  summary: LOCALIZED[locale].summary,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  readingMinutes: LOCALIZED[locale].readingMinutes,
});

function toSummary(row: {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  publishedAt: Date;
  updatedAt: Date;
  readingMinutes: number;
}): BlogPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    tags: knownTags(row.tags),
    publishedAt: row.publishedAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    readingMinutes: row.readingMinutes,
  };
}

/** Published posts for the sitemap, newest first. */
export async function listPostsForSitemap(db: Db): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

/** Title, summary, tags and dates of a published post in one language (page head tags); null when none. */
export async function findPostMeta(
  db: Db,
  slug: string,
  locale: Locale,
): Promise<{ title: string; summary: string; tags: string[]; publishedAt: Date; updatedAt: Date } | null> {
  const [row] = await db
    .select({
      title: LOCALIZED[locale].title,
      summary: LOCALIZED[locale].summary,
      tags: blogPosts.tags,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished))
    .limit(1);
  return row ? { ...row, tags: knownTags(row.tags) } : null;
}

type PageQuery = { pageNo: number; pageSize: number; tag?: BlogTag | undefined };

/** Published posts, newest first, optionally of one tag. */
export async function blogPage(db: Db, locale: Locale, query: PageQuery): Promise<ApiData<typeof contentApi.blogPage>> {
  const where = query.tag ? and(isPublished, arrayContains(blogPosts.tags, [query.tag])) : isPublished;
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns(locale))
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ]);
  return { list: rows.map(toSummary), total: counted?.total ?? 0 };
}

/** The tags of published posts with their number of posts, in BLOG_TAGS order; unused tags are left out. */
export async function blogTags(db: Db): Promise<ApiData<typeof contentApi.blogTags>> {
  const rows = await db
    .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
    .from(sql`${blogPosts}, unnest(${blogPosts.tags}) as t(tag)`)
    .where(isPublished)
    .groupBy(sql`t.tag`);
  const counts = new Map(rows.map((r) => [r.tag, r.count]));
  return BLOG_TAGS.filter((tag) => (counts.get(tag) ?? 0) > 0).map((tag) => ({ tag, count: counts.get(tag) ?? 0 }));
}

const textArray = (values: string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** One published post in the caller's language, with up to 3 related posts; PostNotFound otherwise. */
export async function getPost(db: Db, locale: Locale, slug: string): Promise<ApiData<typeof contentApi.blogGet>> {
  const [post] = await db
    .select({ id: blogPosts.id, ...summaryColumns(locale), html: LOCALIZED[locale].html })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished))
    .limit(1);
  if (!post) throw new BusinessError(ContentErrorCode.PostNotFound, 'content.postNotFound');
  const shared = sql`(select count(*) from unnest(${blogPosts.tags}) as s(tag) where s.tag = any(${textArray(post.tags)}))`;
  const related = await db
    .select(summaryColumns(locale))
    .from(blogPosts)
    .where(and(isPublished, ne(blogPosts.id, post.id)))
    .orderBy(desc(shared), desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(3);
  return { ...toSummary(post), html: post.html, related: related.map(toSummary) };
}

// ---- writing (ops CLI and seed) ----

/** The stored columns of a post from its files (rendered). */
function postValues(source: PostSource): Omit<NewRow, 'status' | 'updatedAt'> {
  const columns = documentColumns(source);
  return {
    slug: source.slug,
    tags: source.tags,
    publishedAt: source.publishedAt,
    summaryEn: source.en.summary,
    summaryZh: source['zh-CN'].summary,
    ...columns,
    ...readingMinutesOf(columns),
  };
}

/** A post's reading time in each language, from its plain text. */
const readingMinutesOf = (columns: { textEn: string; textZh: string }) => ({
  readingMinutesEn: readingMinutes(columns.textEn),
  readingMinutesZh: readingMinutes(columns.textZh),
});

/** Whether the files say anything different from the stored post. */
function differs(row: Row, source: PostSource): boolean {
  return (
    row.tags.join('\n') !== source.tags.join('\n') ||
    row.publishedAt.getTime() !== source.publishedAt.getTime() ||
    row.summaryEn !== source.en.summary ||
    row.summaryZh !== source['zh-CN'].summary ||
    textDiffers(row, source)
  );
}

/**
 * Stores posts read from files (validated by readPostFiles), in one transaction: a new slug is
 * `published` (updatedAt from its front matter, else publishedAt); a changed post is `updated`
 * (updatedAt = now); a hidden post is shown again (`published`); the rest are `unchanged` and
 * left alone.
 */
export async function publishPosts(db: Db, sources: PostSource[], now: Date): Promise<PublishResult[]> {
  if (sources.length === 0) return [];
  const results = await db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(blogPosts)
      .where(
        inArray(
          blogPosts.slug,
          sources.map((s) => s.slug),
        ),
      )
      .for('update');
    const bySlug = new Map(existing.map((row) => [row.slug, row]));
    const results: PublishResult[] = [];
    for (const source of sources) {
      const row = bySlug.get(source.slug);
      if (!row) {
        await tx
          .insert(blogPosts)
          .values({ ...postValues(source), status: 'published', updatedAt: source.updatedAt ?? source.publishedAt });
        results.push({ name: source.slug, outcome: 'published' });
        continue;
      }
      const changed = differs(row, source);
      const hidden = row.status !== 'published';
      if (!changed && !hidden) {
        results.push({ name: source.slug, outcome: 'unchanged' });
        continue;
      }
      await tx
        .update(blogPosts)
        .set({ ...(changed && { ...postValues(source), updatedAt: now }), status: 'published' })
        .where(eq(blogPosts.id, row.id));
      results.push({ name: source.slug, outcome: hidden ? 'published' : 'updated' });
    }
    return results;
  });
  dataChanged(db, 'posts');
  return results;
}

/** Stores the posts whose slug is not in the database yet (the seed); returns how many were added. */
export async function insertMissingPosts(db: Db, sources: PostSource[]): Promise<number> {
  if (sources.length === 0) return 0;
  const known = new Set(
    (
      await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(
          inArray(
            blogPosts.slug,
            sources.map((s) => s.slug),
          ),
        )
    ).map((r) => r.slug),
  );
  const missing = sources.filter((s) => !known.has(s.slug));
  if (missing.length === 0) return 0;
  // Several instances may start at once: whichever inserts a slug first wins, the others skip it.
  const added = await db
    .insert(blogPosts)
    .values(missing.map((s) => ({ ...postValues(s), status: 'published' as const, updatedAt: s.updatedAt ?? s.publishedAt })))
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ id: blogPosts.id });
  return added.length;
}

/** Every post, hidden ones included, newest first (ops `blog list`). */
export async function listAllPosts(
  db: Db,
): Promise<Array<Pick<Row, 'slug' | 'publishedAt' | 'updatedAt' | 'tags' | 'status' | 'titleEn'>>> {
  return db
    .select({
      slug: blogPosts.slug,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      tags: blogPosts.tags,
      status: blogPosts.status,
      titleEn: blogPosts.titleEn,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug));
}

/** Hides a post from the blog (ops `blog unpublish`); null when there is no such slug. */
export async function unpublishPost(db: Db, slug: string): Promise<'hidden' | 'already hidden' | null> {
  const [row] = await db.select({ id: blogPosts.id, status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.slug, slug));
  if (!row) return null;
  if (row.status === 'hidden') return 'already hidden';
  await db.update(blogPosts).set({ status: 'hidden' }).where(eq(blogPosts.id, row.id));
  dataChanged(db, 'posts');
  return 'hidden';
}

/** Re-renders the posts stored by an older renderer (RENDER_VERSION); their content and dates stay. */
export async function rerenderPosts(db: Db): Promise<number> {
  const stale = await db.select().from(blogPosts).where(ne(blogPosts.renderVersion, RENDER_VERSION));
  for (const row of stale) {
    const columns = renderedColumns(row.mdEn, row.mdZh);
    await db
      .update(blogPosts)
      .set({ ...columns, ...readingMinutesOf(columns) })
      .where(eq(blogPosts.id, row.id));
  }
  return stale.length;
}
