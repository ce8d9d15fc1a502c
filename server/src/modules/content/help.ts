import { type ApiData, ContentErrorCode, type contentApi, HELP_CATEGORIES, type HelpCategory, type Locale } from '@portal/shared';
import { type AnyColumn, and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { changed as dataChanged } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import type { HelpSource } from './files.ts';
import { excerpt, RENDER_VERSION } from './markdown.ts';
import { documentColumns, type PublishResult, renderedColumns, textDiffers } from './render.ts';
import { helpDocs } from './tables.ts';

type Row = typeof helpDocs.$inferSelect;

const LOCALIZED = {
  en: { title: helpDocs.titleEn, text: helpDocs.textEn, html: helpDocs.htmlEn },
  'zh-CN': { title: helpDocs.titleZh, text: helpDocs.textZh, html: helpDocs.htmlZh },
} as const;

/** The position of a category in HELP_CATEGORIES (the page's order). */
const categoryRank = sql`case ${helpDocs.category} ${sql.join(
  HELP_CATEGORIES.map((c, i) => sql`when ${c} then ${sql.raw(String(i))}`),
  sql` `,
)} else ${sql.raw(String(HELP_CATEGORIES.length))} end`;

/** A LIKE pattern matching `keyword` literally anywhere: `%`, `_` and `\` of the keyword are escaped. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
const ilike = (column: AnyColumn, pattern: string) => sql`${column} ilike ${pattern} escape '\\'`;

type PageQuery = { pageNo: number; pageSize: number; category?: HelpCategory | undefined; keyword?: string | undefined };

/**
 * Answers of a category and/or matching a keyword (case-insensitive, in the caller's language,
 * title or answer), in the page's category order then `order`; with a keyword, title matches first.
 */
export async function helpPage(db: Db, locale: Locale, query: PageQuery): Promise<ApiData<typeof contentApi.helpCenterPage>> {
  const { title, text } = LOCALIZED[locale];
  const keyword = query.keyword?.trim() || undefined;
  const pattern = keyword ? containsPattern(keyword) : null;
  const where = and(
    query.category ? eq(helpDocs.category, query.category) : undefined,
    pattern ? or(ilike(title, pattern), ilike(text, pattern)) : undefined,
  );
  const order = [
    ...(pattern ? [sql`case when ${ilike(title, pattern)} then 0 else 1 end`] : []),
    categoryRank,
    asc(helpDocs.sortOrder),
    asc(helpDocs.id),
  ];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: helpDocs.id, category: helpDocs.category, title, text, updatedAt: helpDocs.updatedAt })
      .from(helpDocs)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(helpDocs).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      category: row.category as HelpCategory,
      title: row.title,
      excerpt: excerpt(row.text, keyword),
      updatedAt: row.updatedAt.getTime(),
    })),
    total: counted?.total ?? 0,
  };
}

/** Every category in HELP_CATEGORIES order with its number of answers (0 included). */
export async function helpCategories(db: Db): Promise<ApiData<typeof contentApi.helpCenterCategories>> {
  const rows = await db
    .select({ category: helpDocs.category, count: sql<number>`count(*)::int` })
    .from(helpDocs)
    .groupBy(helpDocs.category);
  const counts = new Map(rows.map((r) => [r.category, r.count]));
  return HELP_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
}

/** One answer in the caller's language; HelpDocNotFound otherwise. */
export async function getHelpDoc(db: Db, locale: Locale, id: number): Promise<ApiData<typeof contentApi.helpCenterGet>> {
  const { title, html } = LOCALIZED[locale];
  const [row] = await db
    .select({ id: helpDocs.id, category: helpDocs.category, title, html, updatedAt: helpDocs.updatedAt })
    .from(helpDocs)
    .where(eq(helpDocs.id, id))
    .limit(1);
  if (!row) throw new BusinessError(ContentErrorCode.HelpDocNotFound, 'content.helpDocNotFound');
  return { ...row, category: row.category as HelpCategory, updatedAt: row.updatedAt.getTime() };
}

// ---- writing (ops CLI and seed) ----

function helpValues(source: HelpSource): Omit<typeof helpDocs.$inferInsert, 'updatedAt'> {
  return { key: source.key, category: source.category, sortOrder: source.order, ...documentColumns(source) };
}

const differs = (row: Row, source: HelpSource) =>
  row.category !== source.category || row.sortOrder !== source.order || textDiffers(row, source);

/**
 * Stores answers read from files (validated by readHelpFiles), in one transaction, by key: new →
 * `published`, changed → `updated` (updatedAt = now), else `unchanged` and left alone.
 */
export async function publishHelp(db: Db, sources: HelpSource[], now: Date): Promise<PublishResult[]> {
  if (sources.length === 0) return [];
  const results = await db.transaction(async (tx) => {
    const keys = sources.map((s) => s.key);
    const existing = await tx.select().from(helpDocs).where(inArray(helpDocs.key, keys)).for('update');
    const byKey = new Map(existing.map((row) => [row.key, row]));
    const results: PublishResult[] = [];
    for (const source of sources) {
      const row = byKey.get(source.key);
      if (!row) {
        await tx.insert(helpDocs).values({ ...helpValues(source), updatedAt: now });
        results.push({ name: source.key, outcome: 'published' });
      } else if (differs(row, source)) {
        await tx
          .update(helpDocs)
          .set({ ...helpValues(source), updatedAt: now })
          .where(eq(helpDocs.id, row.id));
        results.push({ name: source.key, outcome: 'updated' });
      } else {
        results.push({ name: source.key, outcome: 'unchanged' });
      }
    }
    return results;
  });
  dataChanged(db, 'help');
  return results;
}

/** Stores the answers whose key is not in the database yet (the seed); returns how many were added. */
export async function insertMissingHelp(db: Db, sources: HelpSource[], now: Date): Promise<number> {
  if (sources.length === 0) return 0;
  const keys = sources.map((s) => s.key);
  const known = new Set(
    (await db.select({ key: helpDocs.key }).from(helpDocs).where(inArray(helpDocs.key, keys))).map((r) => r.key),
  );
  const missing = sources.filter((s) => !known.has(s.key));
  if (missing.length === 0) return 0;
  const added = await db
    .insert(helpDocs)
    .values(missing.map((s) => ({ ...helpValues(s), updatedAt: now })))
    .onConflictDoNothing({ target: helpDocs.key })
    .returning({ id: helpDocs.id });
  return added.length;
}

/** Every answer in the page's order (ops `help list`). */
export async function listAllHelp(
  db: Db,
): Promise<Array<Pick<Row, 'id' | 'key' | 'category' | 'sortOrder' | 'titleEn' | 'updatedAt'>>> {
  return db
    .select({
      id: helpDocs.id,
      key: helpDocs.key,
      category: helpDocs.category,
      sortOrder: helpDocs.sortOrder,
      titleEn: helpDocs.titleEn,
      updatedAt: helpDocs.updatedAt,
    })
    .from(helpDocs)
    .orderBy(categoryRank, asc(helpDocs.sortOrder), asc(helpDocs.id));
}

/** Re-renders the answers stored by an older renderer (RENDER_VERSION). */
export async function rerenderHelp(db: Db): Promise<number> {
  const stale = await db.select().from(helpDocs).where(ne(helpDocs.renderVersion, RENDER_VERSION));
  for (const row of stale) {
    await db.update(helpDocs).set(renderedColumns(row.mdEn, row.mdZh)).where(eq(helpDocs.id, row.id));
  }
  return stale.length;
}
