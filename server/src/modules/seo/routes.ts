import { isRemoteName, type RouteOwner } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { createRemoteRegistry, type Registry } from '../remotes/registry.ts';
import { blogContent, type SeoContent } from './content.ts';
import { renderRobots } from './robots.ts';
import { renderSitemap, sitemapPages } from './sitemap.ts';

export interface SeoRoutesOptions {
  config: Pick<Config, 'dataDir' | 'devRemotes'>;
  /** The blog's posts; the content module's by default. */
  content?: Pick<SeoContent, 'listPostsForSitemap'>;
  /** The fallback lastmod of pages whose release time is unknown; when the routes were registered by default. */
  startedAt?: Date;
}

/** When the current version of each remote was published, from the remote registry. */
export function releaseTimes(registry: Registry): (owner: RouteOwner) => Date | null {
  return (owner) => {
    if (!isRemoteName(owner)) return null;
    const state = registry.remotes[owner];
    const entry = state?.history.find((h) => h.version === state.current);
    return entry ? new Date(entry.deployedAt) : null;
  };
}

/**
 * /sitemap.xml and /robots.txt, documents of the server (not files of the shell: these exact routes
 * win over the static plugin's catch-all, whatever SHELL_DIST holds). Both name absolute URLs on
 * the request's public origin (app.publicOrigins: PUBLIC_BASE_URL or a configured substation).
 */
export async function seoRoutes(
  app: FastifyInstance,
  { config, content = blogContent, startedAt = new Date() }: SeoRoutesOptions,
): Promise<void> {
  const registry = createRemoteRegistry(config.dataDir);

  const readReleases = async (log: FastifyInstance['log']): Promise<Registry> => {
    if (config.devRemotes) return { remotes: {} };
    try {
      return (await registry.readServable()).registry;
    } catch (err) {
      log.warn({ err }, 'remote registry unreadable; the sitemap dates pages by the server start');
      return { remotes: {} };
    }
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const [posts, releases] = await Promise.all([content.listPostsForSitemap(app.db), readReleases(request.log)]);
    const pages = sitemapPages({ posts, releasedAt: releaseTimes(releases), startedAt });
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
