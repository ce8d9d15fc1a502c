import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { createRemoteRegistry } from '../remotes/registry.ts';
import { createServedRemotes, type ServedRemotes, type ServedSet, servedSet } from '../remotes/served.ts';
import { blogContent, type SeoContent } from './content.ts';
import { renderRobots } from './robots.ts';
import { renderSitemap, sitemapPages } from './sitemap.ts';

export interface SeoRoutesOptions {
  config: Pick<Config, 'dataDir' | 'devRemotes'>;
  /** The blog's posts; the content module's by default. */
  content?: Pick<SeoContent, 'listPostsForSitemap'>;
  /** The fallback lastmod of pages whose release time is unknown; when the routes were registered by default. */
  startedAt?: Date;
  served?: ServedRemotes;
}

/**
 * /sitemap.xml and /robots.txt, documents of the server (not files of the shell: these exact routes
 * win over the static plugin's catch-all, whatever SHELL_DIST holds). Both name absolute URLs on
 * the request's public origin (app.publicOrigins: PUBLIC_BASE_URL or a configured substation).
 * The sitemap lists the pages of the versions everyone is served (not a staged one), dated by when
 * each was published.
 */
export async function seoRoutes(
  app: FastifyInstance,
  { config, content = blogContent, startedAt = new Date(), ...options }: SeoRoutesOptions,
): Promise<void> {
  const served = options.served ?? createServedRemotes(createRemoteRegistry(config.dataDir), { devRemotes: config.devRemotes });

  const readServed = async (log: FastifyInstance['log']): Promise<ServedSet> => {
    try {
      return await served.current(log);
    } catch (err) {
      log.warn({ err }, "remote registry unreadable; the sitemap lists only the shell's pages");
      return servedSet({});
    }
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const [posts, set] = await Promise.all([content.listPostsForSitemap(app.db), readServed(request.log)]);
    const pages = sitemapPages({ table: set.table, posts, releasedAt: (owner) => set.releasedAt(owner), startedAt });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderSitemap(await app.publicOrigins.of(request), pages));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderRobots(await app.publicOrigins.of(request))),
  );
}
