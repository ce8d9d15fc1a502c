import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@portal/shared';
import { ChakraProvider } from '@portal/shared/chakra';
import { message, messageToaster, notificationToaster, notify, system } from '@portal/shared/ui';
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

/** The toasts of one region ('消息提示' messages, '通知' notifications) still open, by title. */
function openTitles(region: string): string[] {
  const box = document.querySelector(`[role="region"][aria-label="${region}"]`);
  return [...(box?.querySelectorAll('[data-scope="toast"][data-part="root"]') ?? [])]
    .filter((toast) => toast.getAttribute('data-state') === 'open')
    .map((toast) => toast.querySelector('[data-part="title"]')?.textContent ?? '');
}

describe('toast timing (SPEC section 9)', () => {
  beforeAll(() => loadLocale('zh-CN'));
  let container: HTMLDivElement;
  let root: ReturnType<typeof createRoot>;
  /** Lets the clock run `ms` in steps, React committing what the toasts' timers change. */
  const elapse = async (ms: number) => {
    for (let left = ms; left > 0; left -= 100) await act(() => vi.advanceTimersByTimeAsync(Math.min(100, left)));
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(<Frame locale="zh-CN" />));
    await elapse(100); // the toasters are mounted
  });
  afterEach(async () => {
    messageToaster.remove();
    notificationToaster.remove();
    await elapse(1000);
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  it('shows one message at a time: a new one replaces the one on screen, and it goes after 3 s', async () => {
    await act(async () => message('success', '已保存'));
    await elapse(100);
    expect(openTitles('消息提示')).toEqual(['已保存']);
    await act(async () => message('error', '网络错误'));
    // The one on screen leaves first; the new one follows it, never beside it.
    expect(openTitles('消息提示')).toEqual([]);
    for (let step = 0; step < 10 && openTitles('消息提示').length === 0; step++) await elapse(100);
    expect(openTitles('消息提示')).toEqual(['网络错误']);

    await elapse(2800); // 2.8–2.9 s after it appeared
    expect(openTitles('消息提示')).toEqual(['网络错误']);
    await elapse(300); // 3.1–3.2 s
    expect(openTitles('消息提示')).toEqual([]);
  });

  it('stacks notifications, each staying 4.5 s', async () => {
    await act(async () => void notify('info', '有新版本'));
    await elapse(1000);
    await act(async () => void notify('warning', '流量即将用完'));
    await elapse(100);
    expect(openTitles('通知').sort()).toEqual(['有新版本', '流量即将用完'].sort());
    expect(openTitles('消息提示')).toEqual([]);

    await elapse(3300); // the first at 4.4 s
    expect(openTitles('通知')).toHaveLength(2);
    await elapse(200); // the first at 4.6 s, the second at 3.6 s
    expect(openTitles('通知')).toEqual(['流量即将用完']);
    await elapse(1000); // the second at 4.6 s
    expect(openTitles('通知')).toEqual([]);
  });
});
