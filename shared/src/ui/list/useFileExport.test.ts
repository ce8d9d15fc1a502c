import { describe, expect, it } from 'vitest';
import { exportFileName, toLines } from './useFileExport.ts';

describe('file export', () => {
  it('names the file after the local day', () => {
    const now = new Date(2024, 4, 1, 23, 30).getTime();
    expect(exportFileName('ips', 'csv', now)).toBe('ips-20240501.csv');
    expect(exportFileName('lines', 'txt', new Date(2024, 11, 9).getTime())).toBe('lines-20241209.txt');
  });

  it('ends every text line, the last one too', () => {
    expect(toLines(['a', 'b'])).toBe('a\nb\n');
  });
});
