import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FALLBACK_MS, nextTask, whenIdle } from './schedule.ts';

function fakeFrames() {
  const frames: (() => void)[] = [];
  return {
    frames,
    win: {
      requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(() => cb(0)),
      setTimeout: ((cb: () => void, ms: number) => setTimeout(cb, ms)) as unknown as Window['setTimeout'],
    },
    frame() {
      for (const f of frames.splice(0)) f();
    },
  };
}

describe('afterFirstPaint', () => {
  it('resolves only once the frame after the first one has started', async () => {
    vi.useFakeTimers();
    const f = fakeFrames();
    let done = false;
    void afterFirstPaint(f.win as never).then(() => {
      done = true;
    });
    f.frame();
    await Promise.resolve();
    expect(done).toBe(false);
    f.frame();
    await Promise.resolve();
    expect(done).toBe(true);
    vi.useRealTimers();
  });

  it('resolves on a timer when no frame comes (a hidden page)', async () => {
    vi.useFakeTimers();
    const f = fakeFrames();
    let done = false;
    void afterFirstPaint(f.win as never).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(FALLBACK_MS * 4 - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});

describe('whenIdle', () => {
  it('runs each job in its own idle callback, in order, past a job that throws', () => {
    const idle: (() => void)[] = [];
    const ran: string[] = [];
    whenIdle(
      [
        () => ran.push('a'),
        () => {
          throw new Error('b failed');
        },
        () => ran.push('c'),
      ],
      1000,
      { requestIdleCallback: (cb) => idle.push(cb), setTimeout: setTimeout as never },
    );
    expect(ran).toEqual([]);
    idle.shift()?.();
    expect(ran).toEqual(['a']);
    expect(() => idle.shift()?.()).toThrow('b failed');
    expect(idle).toHaveLength(1);
    idle.shift()?.();
    expect(ran).toEqual(['a', 'c']);
  });

  it('falls back to timers without requestIdleCallback', async () => {
    vi.useFakeTimers();
    const ran: number[] = [];
    whenIdle([() => ran.push(1), () => ran.push(2)], 1000, { setTimeout: setTimeout as never });
    await vi.advanceTimersByTimeAsync(FALLBACK_MS);
    expect(ran).toEqual([1]);
    await vi.advanceTimersByTimeAsync(FALLBACK_MS);
    expect(ran).toEqual([1, 2]);
    vi.useRealTimers();
  });
});

describe('nextTask', () => {
  it('resolves in a later task, not in the current one', async () => {
    vi.useFakeTimers();
    let done = false;
    void nextTask({ setTimeout: setTimeout as never }).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});
