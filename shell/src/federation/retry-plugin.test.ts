import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithRetry } from './retry-plugin.ts';

const answer = (status: number) => new Response('{}', { status });

describe('fetchWithRetry (the manifests the federation runtime fetches)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tries again after a 5xx or a network error and hands back the first good answer', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200));
    vi.stubGlobal('fetch', fetchMock);
    const res = await fetchWithRetry('/remotes/marketing/mf-manifest.json', undefined, [0, 0]);
    expect(res.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after one try per delay plus the first, with the last failure and its status', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(502));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchWithRetry('/m.json', undefined, [0, 0])).rejects.toThrow('/m.json: HTTP 502');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
