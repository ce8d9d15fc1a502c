import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BLOG_SLUG_PATTERN,
  BLOG_TAGS,
  type BlogTag,
  blogTag,
  HELP_CATEGORIES,
  type HelpCategory,
  type Locale,
} from '@portal/shared';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * The Markdown files of the blog and the help centre. Each post or answer is two files, one per
 * language: `<slug>.en.md` and `<slug>.zh-CN.md`, YAML front matter between `---` lines, then the
 * Markdown body. Front matter of a post: title, summary (≤ 200 characters), tags (BLOG_TAGS, the
 * same in both files), publishedAt (ISO date, e.g. 2026-09-14) and optionally updatedAt (used when
 * the post is first stored; afterwards each change sets it to the time of the change). Of a help
 * answer: category (HELP_CATEGORIES, same in both), order (integer, position in the category),
 * title.
 */

/** `server/content`: the articles the seed stores at start (blog/ and help/). */
export const CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));
export const blogDir = (root = CONTENT_DIR) => join(root, 'blog');
export const helpDir = (root = CONTENT_DIR) => join(root, 'help');

const LOCALES = ['en', 'zh-CN'] as const satisfies readonly Locale[];
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': 'Chinese' };
const FILE_NAME = /^(.+)\.(en|zh-CN)\.md$/;
/** Files of a folder that are not content: notes for authors. */
const IGNORED = /^(?:_|readme\.md$)/i;

export interface PostText {
  title: string;
  summary: string;
  body: string;
}

export interface PostSource {
  slug: string;
  tags: BlogTag[];
  publishedAt: Date;
  updatedAt: Date | null;
  en: PostText;
  'zh-CN': PostText;
}

export interface HelpText {
  title: string;
  body: string;
}

export interface HelpSource {
  key: string;
  category: HelpCategory;
  order: number;
  en: HelpText;
  'zh-CN': HelpText;
}

/** What reading a set of files gave: the valid items, and one line per problem (file: field: what). */
export interface ReadResult<T> {
  items: T[];
  errors: string[];
}

/** A schema's type error: "missing" when the field is absent, else what was expected. */
const expected = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'missing' : `expected ${what}`);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

const isoDate = z
  .string({ error: expected('an ISO date such as 2026-09-14') })
  .refine((value) => {
    if (!ISO_DATE.test(value)) return false;
    const date = new Date(value);
    // 2026-02-30 parses as 2 March: only dates that exist.
    return !Number.isNaN(date.getTime()) && (value.length > 10 || date.toISOString().slice(0, 10) === value);
  }, 'expected an ISO date such as 2026-09-14 (or 2026-09-14T08:00:00Z)')
  .transform((value) => new Date(value));

const text = (max: number) =>
  z
    .string({ error: expected('text') })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `at most ${max} characters`);

const postFront = z.strictObject({
  title: text(200),
  summary: text(200),
  tags: z
    .array(blogTag, { error: expected(`a list of tags (${BLOG_TAGS.join(', ')})`) })
    .refine((tags) => new Set(tags).size === tags.length, 'a tag is listed twice'),
  publishedAt: isoDate,
  updatedAt: isoDate.optional(),
});
type PostFront = z.output<typeof postFront>;

const helpFront = z.strictObject({
  category: z.enum(HELP_CATEGORIES, { error: expected(`one of ${HELP_CATEGORIES.join(', ')}`) }),
  order: z
    .number({ error: expected('a whole number') })
    .int('expected a whole number')
    .min(0)
    .max(100_000),
  title: text(200),
});
type HelpFront = z.output<typeof helpFront>;

interface ParsedFile<F> {
  file: string;
  front: F;
  body: string;
}

function frontMatter(source: string): { data: unknown; body: string } | { error: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) return { error: 'front matter: the file must start with a --- line, the YAML fields, then a --- line' };
  try {
    return { data: parseYaml(match[1] ?? ''), body: text.slice(match[0].length) };
  } catch (err) {
    return { error: `front matter: ${(err as Error).message.split('\n')[0]}` };
  }
}

const issueMessage = (issue: z.core.$ZodIssue) => {
  const field = issue.path.length > 0 ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.') : null;
  const where = field?.replace(/\.\[/g, '[');
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.input === undefined && where) return `${where}: missing`;
  const value = JSON.stringify(issue.input);
  if (issue.code === 'invalid_value' && issue.path[0] === 'tags')
    return `${where}: unknown tag ${value} (expected one of ${BLOG_TAGS.join(', ')})`;
  if (issue.code === 'invalid_value' && issue.path[0] === 'category')
    return `${where}: unknown category ${value} (expected one of ${HELP_CATEGORIES.join(', ')})`;
  return `${where ?? 'front matter'}: ${issue.message}`;
};

async function parseFile<S extends z.ZodType>(
  file: string,
  schema: S,
  errors: string[],
): Promise<ParsedFile<z.output<S>> | null> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (err) {
    errors.push(`${file}: cannot read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    return null;
  }
  const split = frontMatter(source);
  if ('error' in split) {
    errors.push(`${file}: ${split.error}`);
    return null;
  }
  const data = split.data ?? {};
  const parsed = schema.safeParse(data, { reportInput: true });
  const body = split.body.trim();
  const problems = parsed.success ? [] : parsed.error.issues.map(issueMessage);
  if (typeof data !== 'object' || Array.isArray(data)) problems.splice(0, problems.length, 'front matter: expected YAML fields');
  if (body === '') problems.push('body: empty (write the Markdown after the front matter)');
  for (const problem of problems) errors.push(`${file}: ${problem}`);
  return parsed.success && problems.length === 0 ? { file, front: parsed.data, body: `${body}\n` } : null;
}

/** The pairs of files named by `paths` (files or folders), by name (slug or key). */
async function collect(paths: string[], errors: string[]): Promise<Map<string, { dir: string; named: string }>> {
  const pairs = new Map<string, { dir: string; named: string }>();
  const add = (file: string) => {
    const name = FILE_NAME.exec(basename(file))?.[1];
    if (!name) {
      errors.push(`${file}: file name: expected <name>.en.md or <name>.zh-CN.md`);
      return;
    }
    const dir = dirname(file);
    const known = pairs.get(name);
    if (known && known.dir !== dir) {
      errors.push(`${file}: file name: "${name}" is also in ${known.dir}`);
      return;
    }
    pairs.set(name, { dir, named: file });
  };
  for (const path of paths.map((p) => resolve(p))) {
    let isDir: boolean;
    try {
      isDir = (await stat(path)).isDirectory();
    } catch (err) {
      errors.push(`${path}: cannot read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      continue;
    }
    if (!isDir) {
      add(path);
      continue;
    }
    const names = (await readdir(path, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && !IGNORED.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    for (const name of names) add(join(path, name));
  }
  return pairs;
}

/** Both language files of each name, parsed with `schema`; a missing twin is an error of the file that is there. */
async function readPairs<S extends z.ZodType>(
  paths: string[],
  schema: S,
  kind: 'post' | 'answer',
  errors: string[],
): Promise<Array<{ name: string; en: ParsedFile<z.output<S>>; zh: ParsedFile<z.output<S>> }>> {
  const pairs: Array<{ name: string; en: ParsedFile<z.output<S>>; zh: ParsedFile<z.output<S>> }> = [];
  for (const [name, { dir, named }] of await collect(paths, errors)) {
    const files = Object.fromEntries(LOCALES.map((l) => [l, join(dir, `${name}.${l}.md`)])) as Record<Locale, string>;
    const present = await Promise.all(
      LOCALES.map((l) =>
        stat(files[l]).then(
          () => true,
          () => false,
        ),
      ),
    );
    const missing = LOCALES.filter((_, i) => !present[i]);
    if (missing.length > 0) {
      for (const l of missing)
        errors.push(`${named}: no ${LANGUAGE_NAMES[l]} version ${basename(files[l])} (a ${kind} needs both languages)`);
      continue;
    }
    if (name.length > 120 || !BLOG_SLUG_PATTERN.test(name)) {
      errors.push(
        `${files.en}: file name: "${name}" must be lower-case letters and digits joined by single hyphens (at most 120 characters), e.g. how-to-use-socks5`,
      );
      continue;
    }
    const en = await parseFile(files.en, schema, errors);
    const zh = await parseFile(files['zh-CN'], schema, errors);
    if (en && zh) pairs.push({ name, en, zh });
  }
  return pairs;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
const time = (d: Date | undefined) => d?.getTime() ?? null;

/** Blog posts from files and folders (`<slug>.en.md` + `<slug>.zh-CN.md`), validated. */
export async function readPostFiles(paths: string[]): Promise<ReadResult<PostSource>> {
  const errors: string[] = [];
  const items: PostSource[] = [];
  for (const { name, en, zh } of await readPairs(paths, postFront, 'post', errors)) {
    const a: PostFront = en.front;
    const b: PostFront = zh.front;
    const before = errors.length;
    if (!sameList(a.tags, b.tags))
      errors.push(`${zh.file}: tags: [${b.tags.join(', ')}] differ from [${a.tags.join(', ')}] of ${basename(en.file)}`);
    if (time(a.publishedAt) !== time(b.publishedAt)) errors.push(`${zh.file}: publishedAt: differs from ${basename(en.file)}`);
    if (time(a.updatedAt) !== time(b.updatedAt)) errors.push(`${zh.file}: updatedAt: differs from ${basename(en.file)}`);
    if (a.updatedAt && a.updatedAt < a.publishedAt) errors.push(`${en.file}: updatedAt: before publishedAt`);
    if (errors.length > before) continue;
    items.push({
      slug: name,
      tags: a.tags,
      publishedAt: a.publishedAt,
      updatedAt: a.updatedAt ?? null,
      en: { title: a.title, summary: a.summary, body: en.body },
      'zh-CN': { title: b.title, summary: b.summary, body: zh.body },
    });
  }
  return { items, errors };
}

/** Help centre answers from files and folders (`<key>.en.md` + `<key>.zh-CN.md`), validated. */
export async function readHelpFiles(paths: string[]): Promise<ReadResult<HelpSource>> {
  const errors: string[] = [];
  const items: HelpSource[] = [];
  for (const { name, en, zh } of await readPairs(paths, helpFront, 'answer', errors)) {
    const a: HelpFront = en.front;
    const b: HelpFront = zh.front;
    const before = errors.length;
    if (a.category !== b.category)
      errors.push(`${zh.file}: category: "${b.category}" differs from "${a.category}" of ${basename(en.file)}`);
    if (a.order !== b.order) errors.push(`${zh.file}: order: ${b.order} differs from ${a.order} of ${basename(en.file)}`);
    if (errors.length > before) continue;
    items.push({
      key: name,
      category: a.category,
      order: a.order,
      en: { title: a.title, body: en.body },
      'zh-CN': { title: b.title, body: zh.body },
    });
  }
  return { items, errors };
}

/** Whether a folder exists (the seed skips a missing content folder). */
export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
