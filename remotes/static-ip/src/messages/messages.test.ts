import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { RESOURCE_TYPES } from '@portal/shared';
import { IP_COLUMNS } from '../pages/ips/ipCells.ts';
import { ORDER_COLUMNS } from '../pages/orders/orderCells.ts';
import en from './en.json';
import zhCN from './zh-CN.json';

// happy-dom replaces URL, so the path is taken from import.meta.dirname rather than a file: URL.
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Ids built at run time (`static.type.${t}`), listed with every value they take. */
const DYNAMIC_IDS = [
  ...RESOURCE_TYPES.flatMap((t) => [`static.type.${t}`, `static.type.${t}.hint`]),
  ...[0, 1, 2, 3].map((s) => `static.order.status.${s}`),
  ...[1, 2].map((t) => `static.orderType.${t}`),
  ...[0, 1].map((s) => `static.payStatus.${s}`),
  ...['alipay', 'wechat'].map((t) => `static.payType.${t}`),
  ...[1, 2].map((s) => `static.ipStatus.${s}`),
  ...[...ORDER_COLUMNS, 'status', 'actions'].map((c) => `static.orders.col.${c}`),
  ...[...IP_COLUMNS, 'actions'].map((c) => `static.ips.col.${c}`),
];

describe('message catalogs', () => {
  it('have the same keys in English and Chinese, all of this remote', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).filter((k) => !k.startsWith('static.'))).toEqual([]);
  });

  it('have every id the pages use', () => {
    const used = new Set(DYNAMIC_IDS);
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](static\.[A-Za-z0-9_.]+)(['"`]|\$\{)/g)) {
        // `static.type.${t}`: the prefix alone is no id; its values are in DYNAMIC_IDS.
        if (m[2] !== '${') used.add(m[1] as string);
      }
    }
    const missing = [...used].filter((id) => !(id in en) || !(id in zhCN));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(150);
  });

  it('format in both languages', () => {
    const values = {
      count: 2,
      days: 30,
      hours: 23,
      minutes: 59,
      seconds: 56,
      price: '¥1.00',
      percent: 10,
      max: 100,
      length: 3,
      time: '29:00',
      amount: '¥3.00',
      host: '1.2.3.4:8000',
      orderNo: 'S1',
      total: 12,
      page: 1,
      pages: 2,
    };
    for (const [locale, messages] of [
      ['en', en],
      ['zh-CN', zhCN],
    ] as const) {
      const errors: unknown[] = [];
      const intl = createIntl({ locale, messages, onError: (e) => errors.push(e) });
      for (const id of Object.keys(messages)) expect(intl.formatMessage({ id }, values)).not.toBe(id);
      expect(errors).toEqual([]);
    }
  });

  // The spec's Chinese word for word; its English terms stay on the wire, the page says what an
  // English-speaking proxy buyer reads elsewhere (docs/glossary.md).
  it("say the spec's messages: its Chinese word for word, in English as a buyer writes them", () => {
    const pairs: [string, string, string][] = [
      ['static.exchange.selectRegion', 'Choose a region', '请选择地区'],
      ['static.exchange.noRegion', 'No other region has IPs to exchange to right now', '无可更换地区'],
      ['static.renew.failed', 'The renewal could not be started. Please try again.', '续费失败'],
      ['static.copy.failed', 'Could not copy', '复制失败'],
      ['static.copy.done', 'Copied', '复制成功'],
      ['static.order.status.3', 'Out of stock — refund in progress', '库存不足，退款处理中'],
    ];
    for (const [id, e, z] of pairs) {
      expect(en[id as keyof typeof en]).toBe(e);
      expect(zhCN[id as keyof typeof zhCN]).toBe(z);
    }
  });
});
