import { LoadingBar } from './LoadingBar.tsx';

/** Shown until the first route (and its remote) is ready; no text, so no locale is needed yet. */
export function BootFallback() {
  return <LoadingBar active />;
}
