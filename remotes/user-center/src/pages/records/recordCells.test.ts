import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { formatBytes, formatUtcHour, recordCells, recordHeader } from './recordCells.ts';

const intl = createIntl({ locale: 'en', messages: en });

describe('formatBytes', () => {
  it('uses B, KB, MB and GB with two decimals', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
    expect(formatBytes(1536, 'en')).toBe('1.50 KB');
    expect(formatBytes(20 * 1024 ** 2, 'en')).toBe('20.00 MB');
    expect(formatBytes(3.25 * 1024 ** 3, 'en')).toBe('3.25 GB');
    expect(formatBytes(5000 * 1024 ** 3, 'en')).toBe('5,000.00 GB');
  });

  it('moves up a unit when rounding would show 1,024.00', () => {
    expect(formatBytes(1024 ** 2 - 1, 'en')).toBe('1.00 MB');
  });
});

describe('formatUtcHour', () => {
  it('always writes the UTC hour', () => {
    expect(formatUtcHour(Date.UTC(2024, 4, 1, 13))).toBe('2024-05-01 13:00 UTC');
    expect(formatUtcHour(Date.UTC(2024, 11, 31, 23, 59))).toBe('2024-12-31 23:00 UTC');
  });
});

describe('recordCells', () => {
  it('formats one record', () => {
    expect(recordHeader(intl)).toEqual(['Hour', 'Used traffic', 'Charged', 'Overage', 'Balance after', 'Paid from']);
    const cells = recordCells(
      {
        id: 1,
        hour: Date.UTC(2024, 4, 1, 0),
        usedBytes: 1536 * 1024,
        deductedMb: 2,
        uncoveredMb: 0,
        balanceAfterMb: 2048,
        draws: [{ lotId: 3, orderNo: 'R20240501', source: 'order', expiresAt: Date.UTC(2024, 5, 1), mb: 2 }],
      },
      intl,
    );
    expect(cells).toMatchObject({
      hour: '2024-05-01 00:00 UTC',
      used: '1.50 MB',
      deducted: '2 MB',
      uncovered: '0 MB',
      balanceAfter: '2 GB',
    });
    expect(cells.paidFrom).toMatch(/^Order R20240501 \(expires 2024-06-0[12] \d\d:00\): 2 MB$/);
  });
});
