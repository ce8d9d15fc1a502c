import type { ComponentType } from 'react';
import type { Catalog } from '../i18n/catalog.ts';
import type { Locale } from '../i18n/locales.ts';

/** Which of the shell's layouts frames a page (SPEC section 2: default, 'empty', and /admin). */
export type LayoutName = 'default' | 'empty' | 'admin';

/** A page's code, loaded when the page is first shown. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * What every remote exposes as `./routes`: the code of its pages. Which path shows which page, in
 * which layout and for whom, is its route manifest (routes.json, published in every version and
 * served in /remotes.json); the build fails when the two disagree.
 */
export interface RemoteRoutesModule {
  /** The page of each path of the remote's route manifest, by its full pattern (`/admin/static/buy`). */
  pages: Record<string, PageLoader>;
  /**
   * Its messages by language: a loader per language (a page loads only its own language, decision
   * 0040), or the catalog itself (remotes built before that; the shell accepts both).
   */
  messages: Record<Locale, Catalog | (() => Promise<Catalog>)>;
  /** Release label baked in at build time (REMOTE_RELEASE), shown as data-release on its pages. */
  release: string;
}

declare global {
  /** Replaced at build time by each remote's rsbuild config. */
  const __REMOTE_RELEASE__: string;
}
