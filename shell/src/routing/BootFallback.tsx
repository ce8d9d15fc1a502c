import { splitLocale } from '@portal/shared';
import { useLocation } from '@portal/shared/router';
import { useMessages } from '../i18n/catalogs.ts';
import { LoadingBar } from './LoadingBar.tsx';

/** Shown until the first route (and its remote) is ready: named in the URL's language, before any IntlProvider. */
export function BootFallback() {
  const messages = useMessages(splitLocale(useLocation().pathname).locale);
  return <LoadingBar active label={String(messages.loading)} />;
}
