import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_REVOKE_MS, downloadText } from './download.ts';

const BOM = '\uFEFF';

describe('downloadText', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a temporary link to an object URL, then removes it and revokes the URL', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test/1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    downloadText('orders-20240501.csv', `${BOM}a\r\n`, 'text/csv;charset=utf-8');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('orders-20240501.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:test/1');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]?.text()).toBe(`${BOM}a\r\n`);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DOWNLOAD_REVOKE_MS);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });
});
