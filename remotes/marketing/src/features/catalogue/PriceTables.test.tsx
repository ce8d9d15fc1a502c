import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from '@portal/shared/router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOM_RULE, DEFAULT_PACKAGES } from '../../../../../server/src/modules/catalogue/seed.ts';
import { fromPerGbFen } from '../../../../../shared/src/commerce/pricing.ts';
import type { TrafficPackage } from '../../../../../shared/src/contract/index.ts';
import { sharedMessages } from '../../../../../shared/src/i18n/shared-messages.ts';
import { ChakraProvider } from '../../../../../shared/src/ui/chakra.ts';
import { catalogueKeys } from '../../../../../shared/src/ui/commerce/catalogue.ts';
import { BuyTraffic } from '../../../../../shared/src/ui/forms.ts';
import { system } from '../../../../../shared/src/ui/theme.ts';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { FromPrice } from '../sections/FromPrice.tsx';
import { CustomTiers, PackagesTable } from './PriceTables.tsx';

// The seeded catalogue, as the catalogue calls answer it.
const packages: TrafficPackage[] = DEFAULT_PACKAGES.map((p, i) => ({ id: i + 1, ...p }));
const rule = { ...DEFAULT_CUSTOM_RULE };
const LOCALES = { en, 'zh-CN': zhCN } as const;

function render(locale: keyof typeof LOCALES, node: ReactNode): HTMLElement {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(catalogueKeys.packages, packages);
  client.setQueryData(catalogueKeys.customRule, rule);
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <IntlProvider locale={locale} messages={{ ...sharedMessages[locale], ...LOCALES[locale] }}>
        <QueryClientProvider client={client}>
          <MemoryRouter>{node}</MemoryRouter>
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>,
  );
  return root;
}

/** Every `¥12.34` in a text, in order. */
const prices = (text: string | null | undefined) => [...(text ?? '').matchAll(/¥\s?[\d,]+\.\d{2}/g)].map((m) => m[0]);
/** The per-GB figures in a text: the prices written right before "/GB" or "/ GB". */
const perGb = (text: string | null | undefined) => [...(text ?? '').matchAll(/(¥\s?[\d,]+\.\d{2})\s?\/\s?GB/g)].map((m) => m[1]);

describe.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])('per-GB prices, %s', (locale) => {
  const buy = render(locale, <BuyTraffic next="/order" />);
  const buyCards = [...buy.querySelectorAll('[data-testid="package-card"]')];

  it('the landing table shows, for every seeded package, the per-GB price /buy shows', () => {
    const rows = [...render(locale, <PackagesTable />).querySelectorAll('[data-testid="packages-table"] tbody tr')];
    expect(rows).toHaveLength(packages.length);
    expect(buyCards).toHaveLength(packages.length);
    const landing = rows.map((row) => prices(row.lastElementChild?.textContent).at(-1));
    const onBuy = buyCards.map((card) => perGb(card.textContent)[0]);
    expect(landing).toEqual(onBuy);
    // 21 GB for ¥440 is ¥20.952…/GB: rounded up, never understated.
    expect(onBuy[1]).toMatch(/20\.96$/);
  });

  it('the landing tiers show the per-GB price of every custom tier as /buy does', () => {
    const landing = perGb(render(locale, <CustomTiers />).querySelector('[data-testid="custom-tiers"]')?.textContent);
    expect(landing).toHaveLength(rule.tiers.length);
    // /buy lists the tiers once "custom amount" is chosen; its hint quotes the cheapest tier.
    const hint = buy.querySelector('[data-testid="package-custom"]')?.textContent;
    expect(prices(hint)).toContain(landing.at(-1));
  });

  it('"from" on the landing pages is the lowest per-GB price /buy shows', () => {
    const from = render(locale, <FromPrice fen={fromPerGbFen(packages, rule)} unit="gb" loading={false} />).textContent;
    const lowestOnBuy = [
      ...buyCards.map((card) => perGb(card.textContent)[0] ?? ''),
      ...rule.tiers.map((t) => `¥${(t.unitPriceFen / 100).toFixed(2)}`),
    ]
      .map((p) => ({ p, fen: Math.round(Number(p.replace(/[^\d.]/g, '')) * 100) }))
      .sort((a, b) => a.fen - b.fen)[0];
    expect(prices(from)).toEqual([lowestOnBuy?.p]);
  });
});
