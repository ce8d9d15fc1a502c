import { describe, expect, it } from 'vitest';
import { rechargeOrderKind } from '../orders/order-kind.ts';
import { staticOrderKind } from '../static-ip/order-kind.ts';
import { createOrderKinds } from './order-kinds.ts';

describe('the order kinds the app assembles', () => {
  it('finds each registered kind by the name stored with a payment, and lists them in order', () => {
    const kinds = createOrderKinds([rechargeOrderKind, staticOrderKind]);
    expect(kinds.get('static')).toBe(staticOrderKind);
    expect(kinds.all().map((k) => k.name)).toEqual(['recharge', 'static']);
  });

  it('refuses a kind registered twice and a payment of a kind nobody registered', () => {
    expect(() => createOrderKinds([rechargeOrderKind, rechargeOrderKind])).toThrow(/registered twice/);
    expect(() => createOrderKinds([rechargeOrderKind]).get('static')).toThrow(/no order kind "static"/);
  });

  it("each kind brings its own pay routes' paths, which payments mounts", () => {
    const paths = [rechargeOrderKind, staticOrderKind].flatMap((k) => [k.payRoutes.info.path, k.payRoutes.pay.path]);
    expect(new Set(paths).size).toBe(4);
  });
});
