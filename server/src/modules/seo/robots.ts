/**
 * Paths crawlers should skip: the user centre, the order page and the mobile payment flow in every
 * locale (`/zh-CN/…` is an alias of the unprefixed Chinese pages) and the sandbox gateway. The API
 * stays open: crawlers that run JavaScript (Google's renderer) fetch the blog and catalogue through
 * it, and robots.txt also binds those fetches. The pages here also say noindex in their head.
 */
export const DISALLOWED = [
  '/admin',
  '/en/admin',
  '/zh-CN/admin',
  '/order',
  '/en/order',
  '/zh-CN/order',
  '/h5',
  '/en/h5',
  '/zh-CN/h5',
  '/sandbox/',
] as const;

/** robots.txt pointing at the sitemap; `base` is the public origin without a trailing slash. */
export function renderRobots(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
