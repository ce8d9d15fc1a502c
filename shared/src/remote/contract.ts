import type { ComponentType } from 'react';
import type { Catalogs } from '../i18n/catalog.ts';

/** Which of the shell's layouts frames a page (SPEC section 2: default, 'empty', and /admin). */
export type LayoutName = 'default' | 'empty' | 'admin';

/**
 * One page a remote contributes. `path` is relative to its layout's base: the locale root for
 * 'default' and 'empty', `/admin` for 'admin'; '' is the index.
 */
export interface RemoteRoute {
  path: string;
  layout: LayoutName;
  /** Message id of the document title in this remote's catalog. */
  titleId: string;
  page: () => Promise<{ default: ComponentType }>;
}

/** What every remote exposes as `./routes`. */
export interface RemoteRoutesModule {
  routes: RemoteRoute[];
  messages: Catalogs;
  /** Release label baked in at build time (REMOTE_RELEASE), shown as data-release on its pages. */
  release: string;
}

declare global {
  /** Replaced at build time by each remote's rsbuild config. */
  const __REMOTE_RELEASE__: string;
}
