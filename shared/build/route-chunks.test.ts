import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../src/routes/route-table.ts';
import { chunksByImport, routePageImports } from './route-chunks.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('route chunks', () => {
  it('reads each route of a route table with its page import, inline or through a const', () => {
    const pages = routePageImports(`
      const buyPage = () => import('./pages/buy/StaticBuyPage.tsx');
      export const routes = [
        { path: '', layout: 'default', titleId: 'a', page: () => import('./pages/HomePage.tsx') },
        { path: 'blog/:slug', layout: 'default', titleId: 'b', page: () => import("./pages/blog/BlogPostPage.tsx") },
        { path: 'static/buy', layout: 'admin', titleId: 'c', page: buyPage },
        { path: '', layout: 'admin', titleId: 'd', page: () => import('./pages/AdminIndex.tsx') },
      ];
    `);
    expect(Object.fromEntries(pages)).toEqual({
      '/': './pages/HomePage.tsx',
      '/blog/:slug': './pages/blog/BlogPostPage.tsx',
      '/admin/static/buy': './pages/buy/StaticBuyPage.tsx',
      '/admin': './pages/AdminIndex.tsx',
    });
  });

  it("names pages as the shared route table does, for every remote's routes", () => {
    for (const remote of ['marketing', 'checkout', 'user-center', 'static-ip']) {
      const pages = routePageImports(readFileSync(path.join(ROOT, 'remotes', remote, 'src/routes.tsx'), 'utf8'));
      expect(pages.size, remote).toBeGreaterThan(0);
      for (const pattern of pages.keys()) expect(matchRoute(pattern)?.route.owner, `${remote} ${pattern}`).toBe(remote);
    }
  });

  it("collects the files of each import's chunk group from the build stats", () => {
    const files = chunksByImport(
      [
        { files: ['static/js/async/home.js'], origins: [{ moduleName: './src/routes.tsx', request: './pages/HomePage.tsx' }] },
        {
          files: ['static/js/async/sections.js', 'static/js/async/sections.js.map'],
          origins: [
            { moduleName: './src/routes.tsx', request: './pages/HomePage.tsx' },
            { moduleName: './src/routes.tsx', request: './pages/ServicePage.tsx' },
          ],
        },
        { files: ['static/js/async/other.js'], origins: [{ moduleName: './src/other.tsx', request: './pages/HomePage.tsx' }] },
      ],
      'src/routes.tsx',
    );
    expect(Object.fromEntries(files)).toEqual({
      './pages/HomePage.tsx': ['static/js/async/home.js', 'static/js/async/sections.js'],
      './pages/ServicePage.tsx': ['static/js/async/sections.js'],
    });
  });
});
