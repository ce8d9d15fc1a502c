import { z } from 'zod';

/**
 * A remote's route manifest: the pages it owns, declared once in the remote (`routes.json`) and
 * published inside each of its immutable versions as `remote-manifest.json`, with the texts of the
 * titles it names and the versions of the shared packages it was built against. The shell's router,
 * the server's known-route check, the guard, the head and the sitemap all read the manifests of the
 * versions the registry serves (docs/decisions/0042).
 */

export const ROUTE_LAYOUTS = ['default', 'empty', 'admin'] as const;
export type RouteLayout = (typeof ROUTE_LAYOUTS)[number];

/** public: anyone; guest: visitors not logged in (logged-in users go home); member: login first. */
export const ROUTE_ACCESS = ['public', 'guest', 'member'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** A locale-less path pattern: `/`, `/buy`, `/blog/:slug`; static segments of letters, digits, `-`. */
const routePath = z
  .string()
  .regex(/^\/$|^(\/([A-Za-z0-9][A-Za-z0-9-]*|:[a-z][A-Za-z0-9]*))+$/, 'must be "/" or /segments (letters, digits, -) or /:param');
const messageKey = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'must be a message id');

const LOCALE_PREFIXES = new Set(['en', 'zh-cn']);

export const manifestRoute = z
  .object({
    path: routePath,
    layout: z.enum(ROUTE_LAYOUTS),
    access: z.enum(ROUTE_ACCESS),
    /** Message id of the page's title (both languages: the ids are resolved into `messages`). */
    title: messageKey,
    /** Message id of its meta description; pages without one use the home page's. */
    description: messageKey.optional(),
    /** Listed in /sitemap.xml (public pages without parameters only). */
    sitemap: z.boolean(),
    /** Search engines may index it; false writes `noindex`. */
    indexable: z.boolean(),
  })
  .strict()
  .superRefine((route, ctx) => {
    const underAdmin = route.path === '/admin' || route.path.startsWith('/admin/');
    if ((route.layout === 'admin') !== underAdmin)
      ctx.addIssue({ code: 'custom', path: ['layout'], message: 'is "admin" exactly for /admin and the paths below it' });
    if (route.layout === 'admin' && route.access !== 'member')
      ctx.addIssue({ code: 'custom', path: ['access'], message: 'must be "member" under /admin (SPEC section 6)' });
    const first = route.path.split('/')[1]?.toLowerCase() ?? '';
    if (LOCALE_PREFIXES.has(first))
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'must not start with a locale prefix (/en, /zh-CN)' });
    if (route.sitemap && (route.access !== 'public' || route.path.includes(':') || !route.indexable))
      ctx.addIssue({
        code: 'custom',
        path: ['sitemap'],
        message: 'only public, indexable pages without parameters go in the sitemap',
      });
    if (route.indexable && route.access === 'member')
      ctx.addIssue({ code: 'custom', path: ['indexable'], message: 'pages behind login are never indexable' });
  });
export type ManifestRoute = z.output<typeof manifestRoute>;

/** What a remote writes in its `routes.json`. */
export const routeManifestSource = z
  .object({ routes: z.array(manifestRoute).min(1, 'a remote owns at least one page') })
  .strict()
  .superRefine(({ routes }, ctx) => {
    const seen = new Map<string, number>();
    routes.forEach((route, i) => {
      const shape = routeShape(route.path);
      const before = seen.get(shape);
      if (before !== undefined)
        ctx.addIssue({ code: 'custom', path: ['routes', i, 'path'], message: `${route.path} repeats routes.${before}` });
      else seen.set(shape, i);
    });
  });

const texts = z.record(messageKey, z.string().min(1));

/** What a version publishes: the routes, their title texts, and what it was built against. */
export const remoteManifest = z
  .object({
    routes: routeManifestSource.shape.routes,
    messages: z.object({ en: texts, 'zh-CN': texts }).strict(),
    /** Exact versions of the shared singletons the remote was built with (package → version). */
    builtAgainst: z.record(z.string().min(1), z.string().regex(/^\d+\.\d+\.\d+/, 'must be a semver version')),
  })
  .strict()
  .superRefine((manifest, ctx) => {
    const source = routeManifestSource.safeParse({ routes: manifest.routes });
    if (!source.success)
      for (const issue of source.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    manifest.routes.forEach((route, i) => {
      for (const field of ['title', 'description'] as const) {
        const id = route[field];
        if (!id) continue;
        for (const locale of ['en', 'zh-CN'] as const)
          if (!manifest.messages[locale][id])
            ctx.addIssue({
              code: 'custom',
              path: ['routes', i, field],
              message: `"${id}" has no ${locale} text in messages.${locale}`,
            });
      }
    });
  });
export type RemoteManifest = z.output<typeof remoteManifest>;

/** The file every remote version carries beside its mf-manifest.json. */
export const REMOTE_MANIFEST_FILE = 'remote-manifest.json';

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

/** `routes.2.layout: is "admin" ...` for each problem, so the author finds the field. */
export const describeIssues = (issues: readonly z.core.$ZodIssue[], prefix?: string) =>
  issues.map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(top level)'}: ${i.message}`).join('; ');

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, source: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ManifestError(`${source} is malformed: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** A published manifest, or a ManifestError naming the file and each bad field. */
export const parseRemoteManifest = (raw: unknown, source = REMOTE_MANIFEST_FILE): RemoteManifest =>
  parseWith(remoteManifest, raw, source);

/** A remote's routes.json, or a ManifestError naming each bad field. */
export const parseRouteManifestSource = (raw: unknown, source = 'routes.json') => parseWith(routeManifestSource, raw, source);

/**
 * What a path pattern matches, to compare two declarations: case-insensitive static segments,
 * any parameter name (`/blog/:slug` and `/blog/:id` claim the same paths).
 */
export function routeShape(path: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith(':') ? ':' : s.toLowerCase()))
    .join('/');
}
