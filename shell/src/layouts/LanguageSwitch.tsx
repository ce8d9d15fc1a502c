import { Button } from '@portal/shared/chakra';
import { useIntl } from 'react-intl';
import { Link, useLocation } from '@portal/shared/router';
import { type Locale, localizePath } from '@portal/shared';
import { saveLocaleCookie } from '../i18n/start-locale.ts';

/** Links to the same page in the other language (keeps path, query and hash). */
export function LanguageSwitch({ tone = 'default' }: { tone?: 'default' | 'subtle' }) {
  const intl = useIntl();
  const location = useLocation();
  const other: Locale = intl.locale === 'en' ? 'zh-CN' : 'en';
  const target = localizePath(location.pathname, other) + location.search + location.hash;
  return (
    <Button asChild size="sm" variant={tone === 'subtle' ? 'ghost' : 'outline'}>
      <Link
        to={target}
        lang={other}
        hrefLang={other}
        title={intl.formatMessage({ id: 'locale.switch' })}
        data-testid="language-switch"
        onClick={() => saveLocaleCookie(other)}
      >
        {intl.formatMessage({ id: `locale.${other}` })}
      </Link>
    </Button>
  );
}
