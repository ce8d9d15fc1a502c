import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from './router.ts';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../i18n/shared-messages.ts';
import { ChakraProvider } from './chakra.ts';
import { ContinueLink } from './ContinueLink.tsx';
import { system } from './theme.ts';

function render(url: string, locale: 'en' | 'zh-CN' = 'en') {
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[url]}>
        <IntlProvider locale={locale} messages={sharedMessages[locale]}>
          <ContinueLink />
        </IntlProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return root.querySelector('a');
}

describe('ContinueLink', () => {
  it('leads back to the page that asked to certify first', () => {
    const link = render(`/en/admin/auth/personal?redirect=${encodeURIComponent('/en/admin/static/buy?region=us')}`);
    expect(link?.getAttribute('href')).toBe('/en/admin/static/buy?region=us');
    expect(link?.textContent).toBe('Continue where you left off');
    expect(render('/admin/auth/personal?redirect=%2Forder%3Fpackage%3D3', 'zh-CN')?.textContent).toBe('继续刚才的操作');
  });

  it.each(['//evil.example', 'https://evil.example', '/%2F%2Fevil.example', '/\\evil.example'])(
    'never leads off the site: %s',
    (to) => {
      expect(render(`/en/admin/auth?redirect=${encodeURIComponent(to)}`)).toBeNull();
    },
  );

  it('is not there without a way back', () => {
    expect(render('/en/admin/auth')).toBeNull();
  });
});
