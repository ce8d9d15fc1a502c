import { blogSlug } from '@portal/shared';
import { listAllPosts, publishPosts, unpublishPost } from '../../modules/content/blog.ts';
import { readPostFiles } from '../../modules/content/files.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import { contentCommands } from './content.ts';
import type { OpsContext } from './context.ts';

export const blog = commandGroup<OpsContext>('blog', 'publish, list or unpublish', {
  ...contentCommands({
    read: readPostFiles,
    store: publishPosts,
    list: listAllPosts,
    empty: '(no blog posts)',
    line: (p) =>
      `${p.slug}\t${p.publishedAt.toISOString().slice(0, 10)}\t${p.updatedAt.toISOString()}\t${p.tags.join(',') || '-'}\t${p.status}`,
  }),

  async unpublish(args, { db, io }) {
    const [slug = ''] = positionals(parse(args).positionals, ['<slug>']);
    if (!blogSlug.safeParse(slug).success)
      throw new UsageError(`<slug> "${slug}": expected lower-case words joined by hyphens (blog list shows them)`);
    const done = await unpublishPost(await db(), slug);
    if (!done) {
      io.err(`ops: no blog post ${slug}`);
      return 1;
    }
    io.out(`${slug}\t${done}`);
    return 0;
  },
});
