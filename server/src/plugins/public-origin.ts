import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import { isSiteDomain } from '../modules/system/service.ts';

/**
 * The one owner of "the public origin of this request": every absolute URL the server writes
 * (canonical, hreflang, og:url, sitemap, robots.txt, payment return / quit / notify URLs, the
 * sandbox cashier's URL) starts with what `of(request)` answers, and every redirect the server sends
 * to an absolute URL it built is checked with `allows(url)` first.
 *
 * The Host header (or X-Forwarded-Host from a trusted proxy) only *chooses* among origins the
 * operator configured; it is never copied into a URL:
 * - the default origin: PUBLIC_BASE_URL; unset, `http://localhost:<PORT>` (development), where
 *   `http://127.0.0.1:<PORT>` and `http://[::1]:<PORT>` are also answered as themselves (they are
 *   this machine, so a browser on it keeps its storage and session across a payment);
 * - the substations: a host name of a site_settings row (modules/system) gets
 *   `<scheme of the default origin>://<that host><port of the default origin>`;
 * - any other host (`Host: evil.example`) gets the default origin.
 */
export interface PublicOrigins {
  /** PUBLIC_BASE_URL (without trailing slash) or `http://localhost:<PORT>`. */
  readonly defaultOrigin: string;
  /** The origin (no trailing slash) of absolute URLs in the answer to `request`. */
  of(request: Pick<FastifyRequest, 'host' | 'log'>): Promise<string>;
  /** Whether `url` is absolute and on one of the public origins (the redirect check). */
  allows(url: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicOrigins: PublicOrigins;
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** `scheme://host[:port]` of a URL; the port only when it is not the scheme's default. */
const originOf = (url: URL) => `${url.protocol}//${url.host}`;

export function createPublicOrigins(config: Pick<Config, 'publicBaseUrl' | 'port'>, db: () => Db): PublicOrigins {
  const configured = config.publicBaseUrl?.replace(/\/+$/, '');
  const defaultOrigin = configured ?? `http://localhost:${config.port}`;
  const base = new URL(defaultOrigin);
  /** Loopback aliases of the development default; none once PUBLIC_BASE_URL is set. */
  const aliases = new Set(configured ? [] : LOOPBACK_HOSTS.map((host) => originOf(new URL(`http://${host}:${config.port}`))));
  const withBase = (hostname: string) => {
    const url = new URL(base.href);
    url.hostname = hostname;
    return originOf(url);
  };

  /** A Host header value as a URL of `protocol`, or null when it is more (or less) than host[:port]. */
  const hostUrl = (host: string, protocol: string): URL | null => {
    if (!host || /[/\\?#@\s]/.test(host) || !URL.canParse(`${protocol}//${host}/`)) return null;
    return new URL(`${protocol}//${host}/`);
  };

  const of: PublicOrigins['of'] = async (request) => {
    const host = (request.host ?? '').trim().toLowerCase();
    const asBase = hostUrl(host, base.protocol);
    if (!asBase) return defaultOrigin;
    if (originOf(asBase) === originOf(base)) return defaultOrigin;
    const local = hostUrl(host, 'http:');
    if (local && aliases.has(originOf(local))) return originOf(local);
    try {
      if (await isSiteDomain(db(), asBase.hostname)) return withBase(asBase.hostname);
    } catch (err) {
      request.log.warn({ err }, 'site settings lookup failed; using the default public origin');
    }
    return defaultOrigin;
  };

  const allows: PublicOrigins['allows'] = async (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol) || url.username || url.password) return false;
    const origin = originOf(url);
    if (origin === originOf(base) || aliases.has(origin)) return true;
    if (url.protocol !== base.protocol || url.port !== base.port) return false;
    return isSiteDomain(db(), url.hostname);
  };

  return { defaultOrigin, of, allows };
}

/** Decorates app.publicOrigins (needs the database plugin: substations live in site_settings). */
export const publicOriginPlugin = fp<{ config: Pick<Config, 'publicBaseUrl' | 'port'> }>(
  async (app: FastifyInstance, { config }) => {
    app.decorate(
      'publicOrigins',
      createPublicOrigins(config, () => app.db),
    );
  },
  { name: 'public-origin', dependencies: ['database'] },
);
