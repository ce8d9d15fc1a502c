import type { RemoteName } from '../registry/remotes.ts';
import type { ManifestRoute } from '../routes/manifest.ts';

/**
 * The contract between the server and the shell's node bundle (dist/ssr/index.js): the server asks
 * for the HTML of a page, the shell renders it with the remotes' node bundles of the versions the
 * registry serves, and the browser then hydrates that HTML with the same versions.
 */
export interface PageRendererOptions {
  /**
   * Answers the portal's API calls made while rendering, in-process (the server's own routes, so
   * the host and locale of the page's request apply). Set once: the shell's one HTTP client uses it.
   */
  fetch: typeof fetch;
}

export interface PageRenderRequest {
  /** Path and query of the page, with its locale prefix. */
  url: string;
  /** Node entry (a file: URL) and routes of each remote version the visitor is served; a page of a remote not listed fails. */
  remotes: Partial<Record<RemoteName, { version: string; entry: string; routes: readonly ManifestRoute[] }>>;
  /** Aborted when the server stops waiting: the render gives up instead of finishing unseen. */
  signal?: AbortSignal;
}

export interface PageRenderResult {
  /** The markup that goes inside #root. */
  html: string;
  /** The styles that markup needs (`<style>` elements for the head), written once each. */
  styles: string;
  /** The data the page was rendered with (TanStack Query's dehydrated state); the browser starts with it. */
  state: unknown;
}

export interface PageRenderer {
  render(request: PageRenderRequest): Promise<PageRenderResult>;
}

/** What the shell's node bundle exports. */
export interface ShellServerBundle {
  createPageRenderer(options: PageRendererOptions): Promise<PageRenderer>;
}

/** The id of the JSON block that carries PageRenderResult.state to the browser. */
export const SSR_STATE_ELEMENT_ID = 'portal-ssr-state';

/**
 * An attribute of #root naming the path its markup was rendered for, when that is not the page's
 * own path (the one 404 rendering, another spelling of a page): the browser renders such markup
 * afresh instead of hydrating it (its links would be another path's).
 */
export const SSR_RENDERED_FOR_ATTRIBUTE = 'data-rendered-for';
