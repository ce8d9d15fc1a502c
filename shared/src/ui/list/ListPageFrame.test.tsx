import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from '../router.ts';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../../i18n/shared-messages.ts';
import { ChakraProvider } from '../chakra.ts';
import { system } from '../theme.ts';
import { type ListEmptyText, type ListPageFrameProps, type ListQuery, ListPageFrame } from './ListPageFrame.tsx';

type Row = { id: number };
const messages = {
  ...sharedMessages.en,
  title: 'Orders',
  lead: 'Your orders',
  clear: 'Clear filters',
  failed: 'Could not load',
  'empty.t': 'No orders yet',
  'empty.d': 'Buy one',
  'filtered.t': 'Nothing matches',
  'filtered.d': 'Change the filters',
  buy: 'Buy',
};
const EMPTY: ListEmptyText = {
  testId: 'empty',
  ids: ['empty.t', 'empty.d'],
  filteredIds: ['filtered.t', 'filtered.d'],
  link: { to: '/buy', labelId: 'buy' },
};
const query = (over: Partial<ListQuery<Row>>): ListQuery<Row> => ({
  data: undefined,
  error: null,
  isError: false,
  isFetching: false,
  isPending: false,
  isPlaceholderData: false,
  refetch: () => undefined,
  ...over,
});

function render(over: Partial<ListPageFrameProps<Row>>): HTMLElement {
  const props: ListPageFrameProps<Row> = {
    maxW: '7xl',
    titleId: 'title',
    descriptionId: 'lead',
    filters: null,
    filtered: false,
    onClearFilters: () => undefined,
    clearLabelId: 'clear',
    query: query({}),
    loadFailedId: 'failed',
    empty: EMPTY,
    table: {
      testId: 'table',
      columns: [{ key: 'id', label: 'Id', cell: (r) => r.id }],
      rowKey: (r) => r.id,
      rowProps: () => ({ 'data-testid': 'row' }),
    },
    pageSize: 10,
    search: { page: 1, setPage: () => undefined },
    ...over,
  };
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={messages}>
        <MemoryRouter>
          <ListPageFrame {...props} />
        </MemoryRouter>
      </IntlProvider>
    </ChakraProvider>,
  );
  return root;
}

const text = (root: HTMLElement, testId: string) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

describe('ListPageFrame', () => {
  it('has the page h1, and the rows with the pager once loaded', () => {
    const root = render({ query: query({ data: { list: [{ id: 1 }, { id: 2 }], total: 2 } }) });
    expect(root.querySelector('h1')?.textContent).toBe('Orders');
    expect(root.querySelectorAll('[data-testid="row"]')).toHaveLength(2);
    expect(root.querySelector('nav')?.textContent).toContain('Page 1 of 1');
  });

  it('offers the link when nothing is filtered, and clearing the filters when something is', () => {
    const empty = query({ data: { list: [], total: 0 } });
    expect(text(render({ query: empty }), 'empty')).toBe('No orders yetBuy oneBuy');
    expect(text(render({ query: empty, filtered: true }), 'empty')).toBe('Nothing matchesChange the filtersClear filters');
    const both = render({ query: empty, filtered: true, empty: { ...EMPTY, linkWhenFiltered: true } });
    expect(text(both, 'empty')).toBe('Nothing matchesChange the filtersClear filtersBuy');
  });

  it('says the list could not be loaded, without a table, when nothing came', () => {
    const root = render({ query: query({ isError: true, error: new Error('down') }) });
    expect(text(root, 'load-failure')).toContain('Could not load');
    expect(root.querySelector('[data-testid="table"]')).toBeNull();
  });
});
