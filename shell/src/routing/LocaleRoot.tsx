import { useEffect } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from '@portal/shared/router';
import { useSnapshot } from 'valtio';
import type { ReactNode } from 'react';
import type { Locale } from '@portal/shared';
import { uiStore } from '@portal/shared/browser';
import { CaptchaProvider } from '../captcha/CaptchaProvider.tsx';
import { trackPageView } from '../analytics/analytics.ts';
import { SandboxBand } from '../app/SandboxBand.tsx';
import { AppToasts } from '../app/Toasts.tsx';
import { useClientConfig } from '../app/clientConfig.ts';
import { useMessages } from '../i18n/catalogs.ts';
import { CustomPlanPanel } from '../leads/CustomPlanPanel.tsx';
import { CustomerServicePanel } from '../support/CustomerServicePanel.tsx';
import { useLocalized, useSubstation } from '../support/useSubstation.ts';
import { UpdatePrompt } from '../updates/UpdatePrompt.tsx';
import { HeadLinks } from './HeadLinks.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { RouteFocus, SkipLink } from './MainFocus.tsx';

/** The locale comes from the URL prefix; this root gives every page below it that locale. */
export function LocaleRoot({ locale }: { locale: Locale }) {
  const messages = useMessages(locale);
  // Set during render so calls made by the first page already send the right Accept-Language.
  uiStore.locale = locale;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="zh-CN" onError={reportMissingMessage}>
      <SkipLink />
      <RouteFocus />
      <DocumentTitle />
      <HeadLinks />
      <NavigationProgress />
      <SandboxBand />
      {/* Scrolls to the top on navigation, or to the element the URL's hash names. */}
      <ScrollRestoration />
      <CaptchaGate>
        <Outlet />
        {/* Inside the gate: visitors' requests pass the security check. */}
        <CustomPlanPanel />
      </CaptchaGate>
      <CustomerServicePanel />
      <UpdatePrompt />
      <AppToasts />
    </IntlProvider>
  );
}

/** A missing key is a bug: say so in the console, never silently. */
function reportMissingMessage(error: { code?: string; message: string }) {
  console.error(error.message);
}

function NavigationProgress() {
  const navigation = useNavigation();
  const intl = useIntl();
  return <LoadingBar active={navigation.state !== 'idle'} label={intl.formatMessage({ id: 'loading' })} />;
}

function DocumentTitle() {
  const intl = useIntl();
  const matches = useMatches();
  const location = useLocation();
  const site = useSubstation();
  const localized = useLocalized();
  const titleId = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleId?: string } | undefined)?.titleId)
    .find(Boolean);
  const { pageTitle } = useSnapshot(uiStore);
  const siteName = site ? localized(site.name) : intl.formatMessage({ id: 'site.name' });
  const own = pageTitle?.path === location.pathname ? pageTitle.title : null;
  const title = own
    ? intl.formatMessage({ id: 'title.suffix' }, { title: own, site: siteName })
    : titleId && intl.messages[titleId]
      ? intl.formatMessage({ id: 'title.suffix' }, { title: intl.formatMessage({ id: titleId }), site: siteName })
      : siteName;
  useEffect(() => {
    document.title = title;
  }, [title]);
  // After the title is set, so the page view carries it.
  useEffect(() => {
    trackPageView(location.pathname + location.search, document.title);
  }, [location.pathname, location.search]);
  return null;
}

/** The security check is on unless the server says otherwise (CAPTCHA_ENABLED=false). */
function CaptchaGate({ children }: { children: ReactNode }) {
  const { data } = useClientConfig();
  return <CaptchaProvider enabled={data?.captchaEnabled ?? true}>{children}</CaptchaProvider>;
}
