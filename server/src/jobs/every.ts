/**
 * Runs `round` now and every `intervalMs` on this instance, never two rounds at once (a slow round
 * makes the next tick wait for the one after). Every instance runs its own: the jobs that use it are
 * safe to run concurrently (`FOR UPDATE SKIP LOCKED`), so there is no leader to elect. What it
 * returns stops the timer and waits for a round in progress, so a shutdown never closes the
 * database under it. `round` handles its own errors.
 */
export function every(intervalMs: number, round: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
