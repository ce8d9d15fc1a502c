/**
 * `fn` with calls made while one is running sharing its answer: a check that every request makes
 * (a file's stat, the registry's version) costs one trip however many requests arrive at once.
 * A call after the shared one has settled starts a new one, so a change is seen by the next call.
 */
export function sharedInFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    if (!running) {
      const started = fn();
      running = started;
      const done = () => {
        if (running === started) running = null;
      };
      started.then(done, done);
    }
    return running;
  };
}
