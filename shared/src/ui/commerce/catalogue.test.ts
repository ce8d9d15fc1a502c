import { QueryClient } from '@tanstack/react-query';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { isPriceQuery, pricesFollowSession } from './catalogue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prices follow the session (decision 0027)', () => {
  it('knows the price queries of every remote', () => {
    expect(isPriceQuery(['catalogue', 'packages'])).toBe(true);
    expect(isPriceQuery(['catalogue', 'package', 3])).toBe(true);
    expect(isPriceQuery(['marketing', 'from-prices'])).toBe(true);
    expect(isPriceQuery(['marketing', 'static-durations', 2])).toBe(true);
    expect(isPriceQuery(['static', 'catalogue', 'durations', 1])).toBe(true);
    expect(isPriceQuery(['marketing', 'countries'])).toBe(false);
    expect(isPriceQuery(['static', 'orders'])).toBe(false);
    expect(isPriceQuery(['website'])).toBe(false);
  });

  it('marks the rendered prices stale at start with a member, and at every login and logout', async () => {
    const client = new QueryClient();
    const seed = () => {
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
