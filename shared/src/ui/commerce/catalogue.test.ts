import { QueryClient } from '@tanstack/react-query';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { customRuleQuery, isPriceQuery, PRICE_QUERY, packageQuery, packagesQuery, pricesFollowSession } from './catalogue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prices follow the session (decision 0027)', () => {
  it('knows a price query by its mark, not by its key', () => {
    expect(isPriceQuery({ meta: PRICE_QUERY })).toBe(true);
    expect(isPriceQuery({ meta: undefined })).toBe(false);
    expect(isPriceQuery({ meta: { other: true } })).toBe(false);
    // The catalogue's own calls carry the mark.
    for (const options of [packagesQuery(), packageQuery(3), customRuleQuery()]) expect(options.meta).toBe(PRICE_QUERY);
  });

  it('marks the rendered prices stale at start with a member, and at every login and logout', async () => {
    const client = new QueryClient();
    // Any remote's price query, known only by its mark, beside a query that is not about prices.
    const seed = () => {
      client.getQueryCache().build(client, { queryKey: ['catalogue', 'packages'], meta: PRICE_QUERY });
      client.setQueryData(['catalogue', 'packages'], [{ id: 1, priceFen: 12_500 }]);
      client.setQueryData(['marketing', 'countries'], []);
    };
    const stale = () => [
      client.getQueryState(['catalogue', 'packages'])?.isInvalidated,
      client.getQueryState(['marketing', 'countries'])?.isInvalidated,
    ];

    seed();
    const visitor = proxy({ token: '' });
    const stopVisitor = pricesFollowSession(client, visitor);
    await tick();
    expect(stale()).toEqual([false, false]);
    visitor.token = 'abc'; // logs in
    await tick();
    expect(stale()).toEqual([true, false]);
    stopVisitor();

    seed();
    const member = proxy({ token: 'abc' });
    const stopMember = pricesFollowSession(client, member);
    await tick();
    expect(stale()).toEqual([true, false]);
    seed();
    member.token = ''; // logs out
    await tick();
    expect(stale()).toEqual([true, false]);
    stopMember();
  });
});
