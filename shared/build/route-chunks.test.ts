import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES, REMOTES } from '../src/registry/remotes.ts';
import { pagesMismatch, readRouteSource } from './route-manifests.ts';
import { chunksByImport, routePageImports } from './route-chunks.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('route chunks', () => {
  it('reads each page of a pages map with its import, inline or through a const', () => {
    const pages = routePageImports(`
      const buyPage = () => import('./pages/buy/StaticBuyPage.tsx');
      export const pages = {
        '/': () => import('./pages/HomePage.tsx'),
        '/blog/:slug': () => import("./pages/blog/BlogPostPage.tsx"),
        '/admin/static/buy': buyPage,
        '/admin': () => import('./pages/AdminIndex.tsx'),
      };
      const other = { release: 'x', notAPath: () => import('./pages/Other.tsx') };
    `);
    expect(Object.fromEntries(pages)).toEqual({
      '/': './pages/HomePage.tsx',
      '/blog/:slug': './pages/blog/BlogPostPage.tsx',
      '/admin/static/buy': './pages/buy/StaticBuyPage.tsx',
      '/admin': './pages/AdminIndex.tsx',
    });
  });

  it("has a page for exactly the paths of every remote's routes.json", () => {
    for (const remote of REMOTE_NAMES) {
      const pages = routePageImports(readFileSync(path.join(ROOT, REMOTES[remote].dir, 'src/routes.tsx'), 'utf8'));
      expect(pagesMismatch(readRouteSource(remote), new Set(pages.keys())), remote).toEqual([]);
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
