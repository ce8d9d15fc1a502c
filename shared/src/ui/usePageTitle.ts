import { useEffect } from 'react';
import { useLocation } from './router.ts';
import { uiStore } from '../state/ui.ts';

/** Gives the current page a title of its own (shown by the shell as "{title} - {site}") while it is mounted. */
export function usePageTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    uiStore.pageTitle = { path: pathname, title };
    return () => {
      if (uiStore.pageTitle?.path === pathname) uiStore.pageTitle = null;
    };
  }, [title, pathname]);
}
