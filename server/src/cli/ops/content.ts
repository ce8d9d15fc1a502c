import type { Db } from '../../db/client.ts';
import type { PublishResult } from '../../modules/content/render.ts';
import { parse, UsageError } from '../runner.ts';
import { listing, type OpsCommand } from './context.ts';

/** A kind of Markdown content (blog posts, help answers): its files, its table and how `list` shows a row. */
export interface ContentKind<T, R> {
  read: (paths: string[]) => Promise<{ items: T[]; errors: string[] }>;
  store: (db: Db, items: T[], now: Date) => Promise<PublishResult[]>;
  list: (db: Db) => Promise<R[]>;
  /** The `list` line when there is nothing yet. */
  empty: string;
  line: (row: R) => string;
}

/**
 * `publish` and `list` of a kind of content. Publishing reads and validates every file first and
 * stores all of them, or nothing when any file is invalid.
 */
export function contentCommands<T, R>(kind: ContentKind<T, R>): { publish: OpsCommand; list: OpsCommand } {
  return {
    async publish(args, { db, io }) {
      const paths = parse(args).positionals;
      if (paths.length === 0) throw new UsageError('missing <file-or-dir>');
      const { items, errors } = await kind.read(paths);
      if (errors.length > 0) {
        for (const e of errors) io.err(`ops: ${e}`);
        io.err(`ops: ${errors.length} problem(s): nothing published`);
        return 1;
      }
      if (items.length === 0) {
        io.err(`ops: no <name>.en.md / <name>.zh-CN.md files in ${paths.join(' ')}`);
        return 1;
      }
      for (const r of await kind.store(await db(), items, new Date())) io.out(`${r.name}\t${r.outcome}`);
      return 0;
    },
    list: listing(kind.list, kind.empty, kind.line),
  };
}
