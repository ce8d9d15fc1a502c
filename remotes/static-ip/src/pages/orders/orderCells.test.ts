import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { StaticOrder } from '@portal/shared';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { ORDER_COLUMNS, orderCells, orderCsv, orderHeader } from './orderCells.ts';
import { orderFilter } from './useStaticOrders.ts';

const intlEn = createIntl({ locale: 'en', messages: en });
const intlZh = createIntl({ locale: 'zh-CN', messages: zhCN });
const NOW = new Date(2024, 4, 1, 12).getTime();

const order = (over: Partial<StaticOrder> = {}): StaticOrder => ({
  id: 7,
  orderNo: 'S202405010001',
  orderType: 1,
  status: 0,
  amountFen: 3600,
  count: 3,
  durationDays: 30,
  resourceType: 2,
  region: { countryCode: 'US', country: { en: 'United States', 'zh-CN': '美国' }, city: { en: 'Dallas', 'zh-CN': '达拉斯' } },
  payStatus: 0,
  payChannel: null,
  payTime: null,
  createTime: new Date(2024, 4, 1, 11, 59, 0).getTime(),
  expireTime: null,
  remark: '',
  payDeadline: NOW + 29 * 60_000,
  refund: null,
  ...over,
});

describe('orderCells', () => {
  it('has the 12 columns with localized headers', () => {
    expect(ORDER_COLUMNS).toHaveLength(12);
    expect(orderHeader(intlEn)).toEqual([
      'Order number',
      'Order type',
      'Amount',
      'IPs',
      'Duration',
      'Proxy type',
      'Payment status',
      'Payment method',
      'Paid on',
      'Created',
      'Expires',
      'Note',
    ]);
    expect(orderHeader(intlZh)[0]).toBe('订单号');
  });

  it('puts a refund in the CSV status, with its amount, in each language (decision 0058)', () => {
    const refunded = order({ status: 3, payStatus: 1, refund: { state: 'succeeded', amountFen: 3600 } });
    expect(orderCsv([refunded], intlEn, NOW).rows[0]?.at(-1)).toBe('Refunded ¥36.00');
    expect(orderCsv([refunded], intlZh, NOW).rows[0]?.at(-1)).toBe('已退款 ¥36.00');
  });

  it('describes an unpaid purchase', () => {
    expect(orderCells(order(), intlEn)).toEqual({
      orderNo: 'S202405010001',
      orderType: 'Purchase',
      amount: '¥36.00',
      count: '3',
      durationDays: '30 days',
      resourceType: 'Static ISP',
      payStatus: 'Unpaid',
      payType: null,
      payTime: null,
      createTime: '2024-05-01 11:59:00',
      expireTime: null,
      remark: null,
    });
  });

  it('describes a paid renewal in Chinese, times in local time', () => {
    const paidAt = new Date(2024, 4, 1, 9, 5, 7).getTime();
    const cells = orderCells(
      order({
        orderType: 2,
        status: 1,
        payStatus: 1,
        payChannel: 'wx_native',
        payTime: paidAt,
        resourceType: 12,
        expireTime: new Date(2024, 5, 1, 9, 5, 7).getTime(),
        remark: 'team A',
      }),
      intlZh,
    );
    expect(cells).toMatchObject({
      orderType: '续费',
      durationDays: '30 天',
      resourceType: '国内静态 ISP',
      payStatus: '已支付',
      payType: '微信支付',
      payTime: '2024-05-01 09:05:07',
      expireTime: '2024-06-01 09:05:07',
      remark: 'team A',
    });
  });

  it('writes the CSV with the 12 columns and the status', () => {
    const csv = orderCsv([order(), order({ id: 8, orderNo: 'S2', status: 3, payStatus: 1 })], intlEn, NOW);
    expect(csv.header).toHaveLength(13);
    expect(csv.header.at(-1)).toBe('Order status');
    expect(csv.rows.map((r) => r.at(-1))).toEqual(['Pending payment', 'Out of stock — refund in progress']);
    expect(orderCsv([order()], intlZh, NOW + 60 * 60_000).rows[0]?.at(-1)).toBe('已关闭');
  });
});

describe('orderFilter', () => {
  it('maps the type, the pay status and local days, the end day inclusive', () => {
    expect(orderFilter(3, 'paid', '2024-05-01', '2024-05-02')).toEqual({
      resourceType: 3,
      payStatus: 1,
      createdFrom: new Date(2024, 4, 1).getTime(),
      createdTo: new Date(2024, 4, 3).getTime(),
    });
    expect(orderFilter(null, '', '', '')).toEqual({});
    expect(orderFilter(null, 'unpaid', '', '2024-05-01')).toEqual({ payStatus: 0, createdTo: new Date(2024, 4, 2).getTime() });
  });
});
