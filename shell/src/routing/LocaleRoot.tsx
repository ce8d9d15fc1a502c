import { useEffect } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { configureHttp, type Locale } from '@portal/shared';
import { useMessages } from '../i18n/catalogs.ts';
import { LoadingBar } from './LoadingBar.tsx';

/** The locale comes from the URL prefix; this root gives every page below it that locale. */
export function LocaleRoot({ locale }: { locale: Locale }) {
  const messages = useMessages(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    configureHttp({ locale: () => locale });
  }, [locale]);
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="zh-CN" onError={reportMissingMessage}>
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
    </IntlProvider>
  );
}

/** A missing key is a bug: say so loudly in development and in the console, never silently. */
function reportMissingMessage(error: { code?: string; message: string }) {
  if (error.code === 'MISSING_TRANSLATION' || error.code === 'MISSING_DATA') console.error(error.message);
  else console.warn(error.message);
}

function NavigationProgress() {
  const navigation = useNavigation();
  return <LoadingBar active={navigation.state !== 'idle'} />;
}

function DocumentTitle() {
  const intl = useIntl();
  const matches = useMatches();
  const titleId = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleId?: string } | undefined)?.titleId)
    .find(Boolean);
  const site = intl.formatMessage({ id: 'site.name' });
  const title =
    titleId && intl.messages[titleId]
      ? intl.formatMessage({ id: 'title.suffix' }, { title: intl.formatMessage({ id: titleId }), site })
      : site;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
