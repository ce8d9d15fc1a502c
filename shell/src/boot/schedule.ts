/**
 * When the boot's work runs (decision 0036). The server's markup paints before any of the app's
 * code is evaluated, and work the first page does not need to show itself runs after hydration,
 * in idle time, as tasks of its own instead of inside one long boot task.
 */

/** How long a hidden page (no frames) or a browser without idle callbacks waits instead. */
export const FALLBACK_MS = 50;

/**
 * Resolves after the next frame has been painted: the callback of a second animation frame runs
 * once the first one's frame was produced. A hidden document produces no frames, so a timer
 * resolves it too.
 */
export function afterFirstPaint(win: Pick<Window, 'requestAnimationFrame' | 'setTimeout'> = window): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    win.requestAnimationFrame(() => win.requestAnimationFrame(finish));
    win.setTimeout(finish, FALLBACK_MS * 4);
  });
}

type IdleWindow = Pick<Window, 'setTimeout'> & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
};

/**
 * Runs each job in its own task when the main thread is idle (at the latest after `timeout` ms),
 * in order; a job that throws does not stop the next ones.
 */
export function whenIdle(jobs: readonly (() => void)[], timeout = 2000, win: IdleWindow = window as IdleWindow): void {
  const next = (i: number) => {
    if (i >= jobs.length) return;
    const run = () => {
      try {
        jobs[i]?.();
      } finally {
        next(i + 1);
      }
    };
    if (win.requestIdleCallback) win.requestIdleCallback(run, { timeout });
    else win.setTimeout(run, FALLBACK_MS);
  };
  next(0);
}

/** Resolves in a new task, letting the browser paint and handle input in between. */
export function nextTask(win: Pick<Window, 'setTimeout'> = window): Promise<void> {
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
