import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@portal/shared';
import { ChakraProvider } from '@portal/shared/chakra';
import { notificationToaster, notify, system } from '@portal/shared/ui';
import { loadLocale, useMessages } from '../i18n/catalogs.ts';
import { AppToasts } from './Toasts.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Frame({ locale }: { locale: Locale }) {
  return (
    <ChakraProvider value={system}>
      <IntlProvider locale={locale} messages={useMessages(locale)}>
        <AppToasts />
      </IntlProvider>
    </ChakraProvider>
  );
}

describe('toasts', () => {
  beforeAll(() => Promise.all([loadLocale('en'), loadLocale('zh-CN')]));

  it.each([
    ['zh-CN', ['消息提示', '通知'], '关闭通知'],
    ['en', ['Messages', 'Notifications'], 'Dismiss notification'],
  ] as const)('name their regions and close button in the page language (%s)', async (locale, regions, close) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Frame locale={locale} />));
    await act(async () => {
      notify('info', 'x');
      await new Promise((r) => setTimeout(r, 20));
    });
    const labels = [...document.querySelectorAll('[role="region"]')].map((r) => r.getAttribute('aria-label'));
    // Not Ark's English "Notifications, top-end (alt+T)".
    expect(labels).toEqual(regions);
    const closers = [...document.querySelectorAll('[data-scope="toast"][data-part="close-trigger"]')];
    expect(closers.length).toBeGreaterThan(0);
    for (const button of closers) expect(button.getAttribute('aria-label')).toBe(close);
    act(() => root.unmount());
    container.remove();
    notificationToaster.remove();
  });

  it('render nothing on the server nor while hydrating, and their regions once the page is committed', async () => {
    // Started inside the hydration render, a Toaster's flushSync made React finish hydrating in one task.
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Frame locale="en" />);
    expect(container.innerHTML).toBe('');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Frame locale="en" />);
    });
    expect([...document.querySelectorAll('[role="region"]')].map((r) => r.getAttribute('aria-label'))).toEqual([
      'Messages',
      'Notifications',
    ]);
    act(() => root?.unmount());
    container.remove();
  });
});
