import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@portal/shared';
import { ChakraProvider } from '@portal/shared/chakra';
import { system } from '@portal/shared/ui';
import { loadLocale, useMessages } from '../i18n/catalogs.ts';
import { RESEND_SECONDS, SendCodeButton } from './SendCodeButton.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Frame({ locale, send }: { locale: Locale; send: () => Promise<boolean> }) {
  return (
    <ChakraProvider value={system}>
      <IntlProvider locale={locale} messages={useMessages(locale)}>
        <SendCodeButton send={send} />
      </IntlProvider>
    </ChakraProvider>
  );
}

let container: HTMLDivElement;
let root: Root;

async function render(locale: Locale, send: () => Promise<boolean>) {
  await act(async () => root.render(<Frame locale={locale} send={send} />));
  return container.querySelector('[data-testid="send-code"]') as HTMLButtonElement;
}

/** Lets the clock run whole seconds, React committing each tick (the next tick is set after it). */
async function elapse(ms: number) {
  for (let second = 0; second < ms / 1000; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
}

describe('the SMS code button (SPEC section 4: default → sent → countdown → re-get)', () => {
  beforeAll(() => Promise.all([loadLocale('en'), loadLocale('zh-CN')]));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  it.each([
    ['zh-CN', { send: '获取验证码', left: (s: number) => `${s} 秒后重新获取`, again: '重新获取' }],
    ['en', { send: 'Get code', left: (s: number) => `Resend in ${s} s`, again: 'Get a new code' }],
  ] as const)('counts down in seconds once a code is sent, then offers to get another (%s)', async (locale, words) => {
    const send = vi.fn(async () => true);
    const button = await render(locale, send);
    expect(button.textContent).toBe(words.send);
    expect(button.disabled).toBe(false);

    await act(async () => button.click());
    expect(send).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe(words.left(RESEND_SECONDS));
    expect(button.disabled).toBe(true);

    await elapse(1000);
    expect(button.textContent).toBe(words.left(RESEND_SECONDS - 1));
    await elapse((RESEND_SECONDS - 2) * 1000);
    expect(button.textContent).toBe(words.left(1));
    expect(button.disabled).toBe(true);

    await elapse(1000);
    expect(button.textContent).toBe(words.again);
    expect(button.disabled).toBe(false);

    // The re-get sends again and counts down again.
    await act(async () => button.click());
    expect(send).toHaveBeenCalledTimes(2);
    expect(button.textContent).toBe(words.left(RESEND_SECONDS));
  });

  it('is busy while the code is being sent, and stays as it was when no code went out', async () => {
    let answer: (sent: boolean) => void = () => {};
    const send = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const button = await render('en', send);
    await act(async () => button.click());
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('data-loading')).not.toBeNull();

    await act(async () => answer(false));
    expect(button.textContent).toBe('Get code');
    expect(button.disabled).toBe(false);
    // No countdown runs after a send that failed.
    await elapse(RESEND_SECONDS * 1000);
    expect(button.textContent).toBe('Get code');

    const failing = await render('en', async () => {
      throw new Error('network');
    });
    await act(async () => failing.click());
    expect(failing.textContent).toBe('Get code');
    expect(failing.disabled).toBe(false);
  });
});
