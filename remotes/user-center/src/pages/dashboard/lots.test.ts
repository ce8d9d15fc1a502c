import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { TrafficLot } from '@portal/shared';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { drawsText, expiringSoon, lotOrigin } from './lots.ts';

const DAY = 86_400_000;
const now = Date.parse('2026-11-25T12:00:00Z');
const lot = (over: Partial<TrafficLot>): TrafficLot => ({
  id: 1,
  source: 'order',
  orderNo: 'R1',
  grantedMb: 1024,
  remainingMb: 1024,
  creditedAt: now - DAY,
  expiresAt: now + 30 * DAY,
  expiredAt: null,
  expiredMb: 0,
  ...over,
});

describe('traffic lots on the dashboard', () => {
  it('announces lots with traffic left that expire within 7 days, the first one first', () => {
    const lots = [
      lot({ id: 1, expiresAt: now + 6 * DAY }),
      lot({ id: 2, expiresAt: now + 2 * DAY }),
      lot({ id: 3, expiresAt: now + 8 * DAY }),
      lot({ id: 4, expiresAt: now + DAY, remainingMb: 0 }),
      lot({ id: 5, expiresAt: now - DAY, remainingMb: 0, expiredAt: now - DAY, expiredMb: 5 }),
    ];
    expect(expiringSoon(lots, now).map((l) => l.id)).toEqual([2, 1]);
    expect(expiringSoon([lot({ expiresAt: now + 7 * DAY })], now)).toHaveLength(1);
    expect(expiringSoon([lot({ expiresAt: now + 7 * DAY + 1 })], now)).toHaveLength(0);
  });

  it('names where traffic came from and what paid an hour, in both languages', () => {
    const english = createIntl({ locale: 'en', messages: en });
    const chinese = createIntl({ locale: 'zh-CN', messages: zhCN });
    expect(lotOrigin({ source: 'order', orderNo: 'R9' }, english)).toBe('Order R9');
    expect(lotOrigin({ source: 'grant', orderNo: null }, chinese)).toBe(zhCN['uc.lots.source.grant']);
    const text = drawsText(
      [
        { lotId: 1, orderNo: 'R9', source: 'order', expiresAt: now, mb: 50 },
        { lotId: 2, orderNo: null, source: 'migrated', expiresAt: now + DAY, mb: 10 },
      ],
      english,
      (mb) => `${mb} MB`,
    );
    expect(text).toMatch(/^Order R9 .*50 MB; Earlier balance .*10 MB$/);
  });
});
