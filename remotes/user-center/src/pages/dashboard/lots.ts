import dayjs from 'dayjs';
import type { IntlShape } from 'react-intl';
import { type DashboardStatistics, LOT_EXPIRY_NOTICE_DAYS, type LotDraw, type TrafficLot } from '@portal/shared';

const DAY_MS = 86_400_000;

/** When a lot expires, in the viewer's time (a lot runs from its paid time, to the minute). */
export const formatExpiry = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** Lots with traffic left that expire within the notice period, the one expiring first first. */
export function expiringSoon(lots: readonly TrafficLot[], now: number): TrafficLot[] {
  return lots
    .filter((l) => l.remainingMb > 0 && l.expiredAt === null && l.expiresAt - now <= LOT_EXPIRY_NOTICE_DAYS * DAY_MS)
    .sort((a, b) => a.expiresAt - b.expiresAt);
}

/** Where a lot came from, as people read it: `Order R2026…`, `Granted by support`, `Earlier balance`. */
export function lotOrigin(lot: Pick<TrafficLot, 'source' | 'orderNo'>, intl: IntlShape): string {
  if (lot.source === 'order' && lot.orderNo) return intl.formatMessage({ id: 'uc.lots.source.order' }, { orderNo: lot.orderNo });
  return intl.formatMessage({ id: lot.source === 'migrated' ? 'uc.lots.source.migrated' : 'uc.lots.source.grant' });
}

/** What paid an hour: `Order R2026… (expires 2026-12-01 10:00): 50 MB; …`. */
export function drawsText(draws: readonly LotDraw[], intl: IntlShape, traffic: (mb: number) => string): string {
  return draws
    .map((d) =>
      intl.formatMessage(
        { id: 'uc.records.draw' },
        { lot: lotOrigin(d, intl), expires: formatExpiry(d.expiresAt), amount: traffic(d.mb) },
      ),
    )
    .join('; ');
}

/** The daily usage as CSV columns: UTC day, traffic as read, and plain MB for spreadsheets. */
export const DAILY_COLUMNS = ['date', 'usage', 'usageMb'] as const;
export const dailyHeader = (intl: IntlShape) => DAILY_COLUMNS.map((c) => intl.formatMessage({ id: `uc.dashboard.csv.${c}` }));
export const dailyCells = (day: DashboardStatistics['daily'][number], traffic: (mb: number) => string) => ({
  date: day.date,
  usage: traffic(day.usedMb),
  usageMb: day.usedMb,
});
