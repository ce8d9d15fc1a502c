import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../../i18n/shared-messages.ts';
import { ChakraProvider } from '../chakra.ts';
import { system } from '../theme.ts';
import { type ListColumn, ResponsiveTable } from './ResponsiveTable.tsx';

type Ip = { id: number; host: string; region: string; remark: string };
const IPS: Ip[] = [
  { id: 1, host: 'us1.example', region: 'Dallas', remark: 'team A' },
  { id: 2, host: 'us2.example', region: 'Miami', remark: '' },
];
const COLUMNS: ListColumn<Ip>[] = [
  { key: 'host', label: 'Host', card: 'title', cell: (ip) => <span data-testid="host">{ip.host}</span> },
  { key: 'region', label: 'Region', cell: (ip) => ip.region },
  { key: 'remark', label: 'Remark', detail: true, cell: (ip) => ip.remark || '—' },
  { key: 'actions', label: 'Actions', card: 'action', cell: (ip) => <button type="button">Renew {ip.id}</button> },
];

function render(locale: 'en' | 'zh-CN', columns = COLUMNS): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <IntlProvider locale={locale} messages={sharedMessages[locale]}>
        <ResponsiveTable
          testId="ips"
          columns={columns}
          items={IPS}
          rowKey={(ip) => ip.id}
          rowProps={(ip) => ({ 'data-testid': 'ip-row', 'data-id': ip.id })}
          ariaLabel="IPs"
        />
      </IntlProvider>
    </ChakraProvider>,
  );
  return root;
}

describe('ResponsiveTable', () => {
  it('renders each row once, so the phone card and the table row are one element (test ids stay unique)', () => {
    const root = render('en');
    expect(root.querySelectorAll('[data-testid="ip-row"]')).toHaveLength(2);
    expect(root.querySelectorAll('[data-testid="host"]')).toHaveLength(2);
    expect(root.querySelectorAll('button')).toHaveLength(4); // Renew and Details per row
  });

  it('labels every plain value for the card, but not the title or the action', () => {
    const row = render('en').querySelector('[data-testid="ip-row"]') as HTMLElement;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['us1.example', 'RegionDallas', 'Renew 1', 'Details▾']);
  });

  it('moves detail columns out of the header into a collapsed details row with an accessible toggle', () => {
    const root = render('en');
    const headers = [...root.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Host', 'Region', 'Actions', 'Details']);
    const toggle = root.querySelector('[data-testid="list-row-details-toggle"]') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const details = root.querySelector(`#${CSS.escape(toggle.getAttribute('aria-controls') ?? '')}`) as HTMLElement;
    expect(details.hidden).toBe(true);
    expect(details.textContent).toBe('Remarkteam A');
    expect(details.querySelector('td')?.getAttribute('colspan')).toBe('4');
  });

  it('names the details toggle in Chinese', () => {
    const root = render('zh-CN');
    expect(root.querySelector('[data-testid="list-row-details-toggle"]')?.textContent).toBe('详情▾');
    expect(root.querySelectorAll('th')[3]?.textContent).toBe('详情');
  });

  it('has no details toggle when no column is a detail', () => {
    const root = render(
      'en',
      COLUMNS.filter((c) => !c.detail),
    );
    expect(root.querySelector('[data-testid="list-row-details-toggle"]')).toBeNull();
    expect(root.querySelectorAll('th')).toHaveLength(3);
  });
});
