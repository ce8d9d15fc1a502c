// The public pages every bench measures, each in Chinese (unprefixed) and in English (/en): read
// from the remotes' own route declarations (routes.json, `access: "public"`) beside the shell's
// sign-in pages, so a page added to a remote is measured without editing this list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The shell's own pages (shared/src/routes/route-table.ts SHELL_ROUTES: guest pages, public to a visitor). */
const SHELL_PAGES = ['/login', '/register', '/forgot-password'];

/** A real value for each path parameter of a public pattern: one published post of the demo content. */
const EXAMPLE_PARAMS = { slug: 'python-scraping-with-residential-proxies' };

/** `/blog/:slug` → `/blog/python-scraping-…`; a parameter without an example throws, so none is skipped silently. */
export function examplePath(pattern, params = EXAMPLE_PARAMS) {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name) => {
    if (!(name in params)) throw new Error(`bench/pages.mjs: no example value for :${name} in ${pattern}`);
    return params[name];
  });
}

/** The public patterns of every remote's routes.json, in the remotes' alphabetical order and then the shell's. */
export function publicPatterns(root = ROOT) {
  const remotesDir = path.join(root, 'remotes');
  const fromRemotes = readdirSync(remotesDir)
    .sort()
    .flatMap((remote) => {
      const { routes } = JSON.parse(readFileSync(path.join(remotesDir, remote, 'routes.json'), 'utf8'));
      return routes.filter((r) => r.access === 'public').map((r) => r.path);
    });
  return [...fromRemotes, ...SHELL_PAGES];
}

/** Home first (the bench's headline page), then the rest; each Chinese page followed by its English one. */
export function publicPages(patterns = publicPatterns()) {
  const chinese = [...new Set(patterns.map((p) => examplePath(p)))].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : 0));
  return chinese.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`]);
}

export const PUBLIC_PAGES = publicPages();

/** The language of a page by its path. */
export const localeOf = (pathname) => (pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'zh-CN');
