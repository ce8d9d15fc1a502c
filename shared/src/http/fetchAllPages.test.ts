import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from './fetchAllPages.ts';

const pager = (total: number) =>
  vi.fn(async (pageNo: number, pageSize: number) => {
    const start = (pageNo - 1) * pageSize;
    const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
    return { list, total };
  });

describe('fetchAllPages', () => {
  it('reads every page in order', async () => {
    const fetchPage = pager(250);
    const items = await fetchAllPages(fetchPage, 100);
    expect(items).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(fetchPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });

  it('stops after the page that reaches the total', async () => {
    const fetchPage = pager(200);
    expect(await fetchAllPages(fetchPage, 100)).toHaveLength(200);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('makes one call for an empty list', async () => {
    const fetchPage = pager(0);
    expect(await fetchAllPages(fetchPage, 100)).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('stops on a short page even when the total claims more', async () => {
    const fetchPage = vi.fn(async (pageNo: number) => ({ list: pageNo === 1 ? [1, 2] : [], total: 10 }));
    expect(await fetchAllPages(fetchPage, 5)).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
