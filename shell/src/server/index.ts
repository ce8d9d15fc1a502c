// The server's entry (node build, dist/ssr/index.js). Async boundary, like the browser's index.ts:
// the shared singletons are negotiated before the renderer's modules are evaluated.
import type { PageRenderer, PageRendererOptions } from '@portal/shared';

export async function createPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const { createPageRenderer: create } = await import('./render.tsx');
  return create(options);
}
