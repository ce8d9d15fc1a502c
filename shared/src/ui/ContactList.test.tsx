import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Website } from '../contract/index.ts';
import { sharedMessages } from '../i18n/shared-messages.ts';
import { ChakraProvider } from './chakra.ts';
import { ContactList } from './ContactList.tsx';
import { system } from './theme.ts';

const contacts: Website['contacts'] = [
  { kind: 'phone', value: '+86 400-820-6618', label: { en: 'Phone', 'zh-CN': '电话' } },
  { kind: 'wechat', value: 'nova-proxy', label: { en: 'WeChat', 'zh-CN': '微信' } },
];

function render(locale: 'en' | 'zh-CN'): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <IntlProvider locale={locale} messages={sharedMessages[locale]}>
        <ContactList contacts={contacts} />
      </IntlProvider>
    </ChakraProvider>,
  );
  return root;
}

/** The text of each list item, as the page shows it. */
const lines = (locale: 'en' | 'zh-CN') => [...render(locale).querySelectorAll('li')].map((li) => li.textContent ?? '');

describe('ContactList', () => {
  it('punctuates English with an ASCII colon and a space', () => {
    const text = lines('en');
    expect(text).toEqual(['Phone: +86 400-820-6618', 'WeChat: nova-proxy']);
    expect(text.join('')).not.toContain('：');
  });

  it('punctuates Chinese with the full-width colon', () => {
    expect(lines('zh-CN')).toEqual(['电话：+86 400-820-6618', '微信：nova-proxy']);
  });

  it('keeps the value in its own element (a link where the channel has one)', () => {
    const root = render('en');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('tel:+864008206618');
    expect(root.querySelector('a')?.textContent).toBe('+86 400-820-6618');
  });
});
