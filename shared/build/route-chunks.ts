import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import ts from 'typescript';

/** Written next to mf-manifest.json in every remote build: page path pattern → the JS files of its page. */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * The module each page of a remote's `pages` map (src/routes.tsx) imports, by the page's full path
 * pattern as its routes.json declares it: `'/blog/:slug': () => import('./pages/X.tsx')`, also when
 * the value names a `const x = () => import(...)` declared in the same file.
 */
export function routePageImports(source: string): Map<string, string> {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const importIn = (node: ts.Node): string | null => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      return arg && ts.isStringLiteralLike(arg) ? arg.text : null;
    }
    return ts.forEachChild(node, importIn) ?? null;
  };
  const lazyConsts = new Map<string, string>();
  const entries: ts.PropertyAssignment[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isArrowFunction(node.initializer)
    ) {
      const request = importIn(node.initializer);
      if (request) lazyConsts.set(node.name.text, request);
    }
    if (ts.isPropertyAssignment(node) && ts.isStringLiteralLike(node.name) && node.name.text.startsWith('/')) entries.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const pages = new Map<string, string>();
  for (const entry of entries) {
    const value = entry.initializer;
    const request = ts.isIdentifier(value) ? lazyConsts.get(value.text) : importIn(value);
    if (request) pages.set((entry.name as ts.StringLiteral).text, request);
  }
  return pages;
}

interface ChunkStats {
  files?: string[];
  origins?: Array<{ moduleName?: string; request?: string }>;
}

/** The JS files each dynamic import of `fromModule` loads (its chunk group), by import request. */
export function chunksByImport(chunks: ChunkStats[], fromModule: string): Map<string, string[]> {
  const byRequest = new Map<string, string[]>();
  for (const chunk of chunks) {
    const files = (chunk.files ?? []).filter((f) => f.endsWith('.js'));
    for (const origin of chunk.origins ?? []) {
      if (!origin.request || !origin.moduleName?.replace(/^\.\//, '').endsWith(fromModule)) continue;
      const list = byRequest.get(origin.request) ?? [];
      for (const f of files) if (!list.includes(f)) list.push(f);
      byRequest.set(origin.request, list);
    }
  }
  return byRequest;
}

/**
 * Writes route-chunks.json: for each page of the remote, the files its lazy import loads. The
 * server preloads them in the HTML of that page (modules/seo/head.ts), beside the remote's entry,
 * so the browser fetches them while the shell boots instead of one after the other.
 */
export function pluginRouteChunks({ routesFile = 'src/routes.tsx' } = {}): RsbuildPlugin {
  return {
    name: 'portal:route-chunks',
    setup(api) {
      api.onAfterBuild(({ stats, environments }) => {
        if (!stats) return;
        // The browser build's chunks: a dual build also has a node environment (dist/ssr).
        const web = environments.web;
        const single = 'stats' in stats ? (stats.stats.find((s) => s.compilation.name === 'web') ?? stats.stats[0]) : stats;
        if (!single) return;
        const { chunks = [] } = single.toJson({ all: false, chunks: true, chunkOrigins: true });
        const byImport = chunksByImport(chunks as ChunkStats[], routesFile);
        const pages = routePageImports(readFileSync(path.join(api.context.rootPath, routesFile), 'utf8'));
        const table: Record<string, string[]> = {};
        for (const [pattern, request] of pages) {
          const files = byImport.get(request);
          if (files?.length) table[pattern] = files;
        }
        writeFileSync(path.join(web?.distPath ?? api.context.distPath, ROUTE_CHUNKS_FILE), `${JSON.stringify(table, null, 1)}\n`);
      });
    },
  };
}
