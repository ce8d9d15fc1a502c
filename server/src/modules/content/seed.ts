import type { Db } from '../../db/client.ts';
import { insertMissingPosts, rerenderPosts } from './blog.ts';
import { blogDir, CONTENT_DIR, helpDir, isDirectory, readHelpFiles, readPostFiles } from './files.ts';
import { insertMissingHelp, rerenderHelp } from './help.ts';

/** The content files are part of the release: an invalid one stops the start with every problem listed. */
export class ContentSeedError extends Error {
  constructor(readonly errors: string[]) {
    super(
      `invalid content files (fix them or run \`npm run ops -- blog publish\` to see the same report):\n${errors.join('\n')}`,
    );
    this.name = 'ContentSeedError';
  }
}

/**
 * The blog posts and help answers of `server/content` (or `root`), at every start: only slugs and
 * keys missing from the database are inserted, so what an operator published, changed or hid
 * with the ops CLI is never overwritten. Rows stored by an older renderer are re-rendered.
 */
export async function seedContent(
  db: Db,
  { root = CONTENT_DIR, now = new Date() }: { root?: string; now?: Date } = {},
): Promise<void> {
  const [posts, help] = await Promise.all([
    (await isDirectory(blogDir(root))) ? readPostFiles([blogDir(root)]) : { items: [], errors: [] },
    (await isDirectory(helpDir(root))) ? readHelpFiles([helpDir(root)]) : { items: [], errors: [] },
  ]);
  const errors = [...posts.errors, ...help.errors];
  if (errors.length > 0) throw new ContentSeedError(errors);
  await insertMissingPosts(db, posts.items);
  await insertMissingHelp(db, help.items, now);
  await rerenderPosts(db);
  await rerenderHelp(db);
}
