import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import staticRoutes from '../../../remotes/static-ip/routes.json';
import userCenterRoutes from '../../../remotes/user-center/routes.json';
import { sharedMessages } from '../../../shared/src/i18n/shared-messages.ts';
import { SECTIONS } from './AdminLayout.tsx';

// happy-dom replaces URL, so paths are taken from import.meta.dirname rather than a file: URL.
const ROOT = join(import.meta.dirname, '../../..');
const REMOTES = [
  { dir: 'remotes/user-center', routes: userCenterRoutes.routes },
  { dir: 'remotes/static-ip', routes: staticRoutes.routes },
];

const IMPORT = String.raw`\(\) => import\('\./([^']+)'\)`;

/**
 * The page module of a path, from the remote's `pages` map: `'/admin/x': () => import('./pages/X.tsx')`,
 * or `'/admin/x': xPage` with `const xPage = () => import(…)`.
 */
function pageSource(dir: string, path: string): string {
  const map = readFileSync(join(ROOT, dir, 'src/routes.tsx'), 'utf8');
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const inline = new RegExp(`'${escaped}': ${IMPORT}`).exec(map)?.[1];
  const named = new RegExp(`'${escaped}': (\\w+),`).exec(map)?.[1];
  const file = inline ?? (named ? new RegExp(`const ${named} = ${IMPORT}`).exec(map)?.[1] : undefined);
  if (!file) throw new Error(`${dir} has no page for ${path}`);
  return readFileSync(join(ROOT, dir, 'src', file), 'utf8');
}

const items = SECTIONS.flatMap((s) => s.items);

describe('user-centre navigation', () => {
  it.each(items)('$path: the nav label, the tab title and the page heading are one message', ({ path, id }) => {
    const owner = REMOTES.find((r) => r.routes.some((route) => route.path === path));
    expect(owner, `a remote owns ${path}`).toBeDefined();
    if (!owner) return;
    // The tab title (routes.json, also the server's <title>) is the nav item's message…
    expect(owner.routes.find((route) => route.path === path)?.title).toBe(id);
    // …and so is the page's h1 (PageHeader titleId, or the heading's FormattedMessage).
    expect(pageSource(owner.dir, path)).toMatch(new RegExp(`(?:titleId|id)="${id.replace(/\./g, '\\.')}"`));
  });

  it('names every page in both languages from the shared catalog the shell always has', () => {
    for (const { id } of items) {
      expect(sharedMessages.en[id], id).toBeTruthy();
      expect(sharedMessages['zh-CN'][id], id).toBeTruthy();
    }
    // One name for one page: no two nav items share a label.
    for (const locale of ['en', 'zh-CN'] as const) {
      const labels = items.map(({ id }) => sharedMessages[locale][id]);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});
