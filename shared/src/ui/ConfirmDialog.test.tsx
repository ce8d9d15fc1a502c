import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../i18n/locales.ts';
import { sharedMessages } from '../i18n/shared-messages.ts';
import { ChakraProvider } from './chakra.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { system } from './theme.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(locale: Locale, open: boolean) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  await act(async () =>
    root.render(
      <ChakraProvider value={system}>
        <IntlProvider locale={locale} messages={sharedMessages[locale]}>
          <ConfirmDialog
            open={open}
            title="Remove Ana?"
            confirmLabel="Remove"
            destructive
            onConfirm={onConfirm}
            onCancel={onCancel}
            testId="confirm"
          >
            She loses access at once.
          </ConfirmDialog>
        </IntlProvider>
      </ChakraProvider>,
    ),
  );
  return { onConfirm, onCancel };
}

const dialog = () => document.querySelector('[data-testid="confirm"]');
const buttons = () => [...(dialog()?.querySelectorAll('button') ?? [])].map((b) => b.textContent);

describe('ConfirmDialog', () => {
  it('shows nothing until it is open', async () => {
    await render('en', false);
    expect(dialog()).toBeNull();
  });

  it('asks with the consequence, Cancel before the action, as an alert dialog', async () => {
    await render('en', true);
    expect(dialog()?.getAttribute('role')).toBe('alertdialog');
    expect(dialog()?.textContent).toContain('Remove Ana?');
    expect(dialog()?.textContent).toContain('She loses access at once.');
    expect(buttons().slice(0, 2)).toEqual(['Cancel', 'Remove']);
    expect(dialog()?.querySelector('[aria-label="Close"]')).not.toBeNull();
  });

  it('runs the action only when it is confirmed, and cancels otherwise', async () => {
    const { onConfirm, onCancel } = await render('en', true);
    const confirm = document.querySelector('[data-testid="confirm-confirm"]') as HTMLButtonElement;
    await act(async () => confirm.click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    const cancel = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Cancel');
    await act(async () => cancel?.click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('speaks Chinese on a Chinese page, screen-reader label included', async () => {
    await render('zh-CN', true);
    expect(buttons()[0]).toBe('取消');
    expect(dialog()?.querySelector('[aria-label="关闭"]')).not.toBeNull();
  });
});
