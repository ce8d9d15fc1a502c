import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Paths owned by the server, never answered with the shell. */
const SERVER_PREFIXES = ['/app-api', '/remotes', '/sandbox'];

const hasPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`);

/** The last path segment looks like a file name (`/logo.svg`, `/static/js/a1b2.js`). */
const hasExtension = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * Whether `path` (with or without locale prefix) is a page of the portal. Every path counts for now;
 * answering 404 for unknown pages needs the route table of the shell and remotes.
 */
export function isClientRoute(_path: string): boolean {
  return true;
}

/** True unless the Accept header rules HTML out (no header, `*\/*`, `text/*` all accept it). */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return type === 'text/html' || type === 'text/*' || type === '*/*';
  });
}

/**
 * Serves the built shell from SHELL_DIST: hashed assets under /static cached for a year, other
 * files with revalidation, and index.html (no-cache, so a new shell build is picked up at once) for
 * every page URL so the client router can take over. Needs reply.sendFile (@fastify/static, see app.ts).
 */
export async function staticPlugin(app: FastifyInstance, { config }: { config: Pick<Config, 'shellDist'> }) {
  const root = config.shellDist;

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // Still percent-encoded: `send` decodes it and answers 400 for a malformed escape.
    const path = request.url.split('?', 1)[0] ?? '/';
    if (path.startsWith('/static/')) {
      if (path.endsWith('/')) return reply.callNotFound(); // a directory: nothing to list
      return reply.sendFile(path.slice(1), root, { maxAge: YEAR_MS, immutable: true, index: false });
    }
    if (hasExtension(path)) {
      if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      return reply.sendFile(path.slice(1), root, { index: false, ...(path.endsWith('.html') && { cacheControl: false }) });
    }
    if (SERVER_PREFIXES.some((p) => hasPrefix(path, p)) || !acceptsHtml(request.headers.accept) || !isClientRoute(path)) {
      return reply.callNotFound();
    }
    if (!existsSync(join(root, 'index.html'))) {
      request.log.warn(`no index.html in SHELL_DIST (${root})`);
      return reply
        .code(503)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('The portal shell is not built yet. Build it with: npx pnpm@10.34.8 --filter @portal/shell build');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  });
}
