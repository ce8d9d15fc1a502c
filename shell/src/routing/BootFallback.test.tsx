import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@portal/shared/router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChakraProvider } from '@portal/shared/chakra';
import { system } from '@portal/shared/ui';
import { loadLocale } from '../i18n/catalogs.ts';
import { BootFallback } from './BootFallback.tsx';

// The boot loads the URL's language before the router can render this fallback (bootstrap.tsx).
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadLocale('en')]));

function progressLabel(path: string): string | null {
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <BootFallback />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return root.querySelector('[role="progressbar"]')?.getAttribute('aria-label') ?? null;
}

describe('the loading bar before the first page', () => {
  it("is named in the URL's language, before any IntlProvider (not a fixed English 'loading')", () => {
    expect(progressLabel('/admin/dashboard')).toBe('加载中…');
    expect(progressLabel('/en/admin/dashboard')).toBe('Loading…');
  });
});
