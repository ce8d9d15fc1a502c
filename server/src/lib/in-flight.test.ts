import { describe, expect, it } from 'vitest';
import { sharedInFlight } from './in-flight.ts';

describe('sharedInFlight', () => {
  it('answers calls made while one runs with its result, and starts afresh once it settled', async () => {
    let calls = 0;
    let release: (value: number) => void = () => {};
    const shared = sharedInFlight(() => {
      calls++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    });
    const first = shared();
    const second = shared();
    expect(calls).toBe(1);
    release(1);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    const third = shared();
    expect(calls).toBe(2);
    release(2);
    expect(await third).toBe(2);
  });

  it('does not keep a failure: the next call tries again', async () => {
    let calls = 0;
    const shared = sharedInFlight(async () => {
      calls++;
      if (calls === 1) throw new Error('once');
      return 'ok';
    });
    await expect(shared()).rejects.toThrow('once');
    await expect(shared()).resolves.toBe('ok');
  });
});
