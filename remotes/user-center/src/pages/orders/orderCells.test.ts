import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { RechargeOrder } from '@portal/shared';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { ORDER_COLUMNS, orderCells, orderHeader } from './orderCells.ts';
import { orderFilter } from './useOrders.ts';

const intlEn = createIntl({ locale: 'en', messages: en });
const intlZh = createIntl({ locale: 'zh-CN', messages: zhCN });
const NOW = Date.UTC(2024, 4, 1, 12);

const order = (over: Partial<RechargeOrder> = {}): RechargeOrder => ({
  id: 7,
  orderNo: 'R202405010001',
  status: 0,
  source: 'pc',
  giftTrafficMb: 512,
  trafficMb: 10 * 1024,
  rechargeAmountFen: 12_000,
  feeFen: 720,
  payAmountFen: 12_720,
  payChannel: null,
  payTime: null,
  payStatus: 0,
  accountType: 1,
  validityDays: 30,
  packageId: 3,
  createTime: NOW - 60_000,
  payDeadline: NOW + 29 * 60_000,
  refund: null,
  ...over,
});

describe('orderCells', () => {
  it('has the 10 columns with localized headers', () => {
    expect(ORDER_COLUMNS).toHaveLength(10);
    expect(orderHeader(intlEn)).toEqual([
      'Order number',
      'Order status',
      'Source',
      'Bonus traffic',
      'Traffic',
      'Subtotal',
      'Total',
      'Payment method',
      'Paid on',
      'Payment status',
    ]);
    expect(orderHeader(intlZh)[0]).toBe('订单号');
  });

  it('says a refunded order is refunded, with the amount, in each language (decision 0058)', () => {
    const paid = { status: 1, payStatus: 1, payChannel: 'alipay_pc', payTime: NOW - 1000 } as const;
    expect(orderCells(order({ ...paid, refund: { state: 'succeeded', amountFen: 12_720 } }), intlEn, NOW).status).toBe(
      'Refunded ¥127.20',
    );
    expect(orderCells(order({ ...paid, refund: { state: 'succeeded', amountFen: 12_720 } }), intlZh, NOW).status).toBe(
      '已退款 ¥127.20',
    );
    expect(orderCells(order({ ...paid, refund: { state: 'pending', amountFen: 500 } }), intlZh, NOW).status).toBe(
      '退款 ¥5.00 处理中',
    );
  });

  it('describes an unpaid order', () => {
    expect(orderCells(order(), intlEn, NOW)).toEqual({
      orderNo: 'R202405010001',
      status: 'Pending payment',
      source: 'Desktop',
      gift: '512 MB',
      traffic: '10 GB',
      rechargeAmount: '¥120.00',
      payAmount: '¥127.20',
      payType: null,
      payTime: null,
      payStatus: 'Unpaid',
    });
  });

  it('describes a paid order in Chinese, with the pay time in local time', () => {
    const paidAt = new Date(2024, 4, 1, 9, 5, 7).getTime();
    const cells = orderCells(order({ status: 1, payStatus: 1, payChannel: 'wx_h5', payTime: paidAt, source: 'h5' }), intlZh, NOW);
    expect(cells).toMatchObject({
      status: '已完成',
      source: '手机端',
      payType: '微信支付',
      payTime: '2024-05-01 09:05:07',
      payStatus: '已支付',
    });
    expect(orderCells(order({ payChannel: 'alipay_pc' }), intlZh, NOW).payType).toBe('支付宝');
  });
});

describe('orderFilter', () => {
  it('maps the status and local days, the end day inclusive', () => {
    expect(orderFilter('completed', '2024-05-01', '2024-05-02')).toEqual({
      status: 1,
      createdFrom: new Date(2024, 4, 1).getTime(),
      createdTo: new Date(2024, 4, 3).getTime(),
    });
    expect(orderFilter('', '', '')).toEqual({});
    expect(orderFilter('pending', '', '')).toEqual({ status: 0 });
  });
});
