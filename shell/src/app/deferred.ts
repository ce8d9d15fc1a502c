import { useEffect, useState } from 'react';

/**
 * Code the first page does not need (a dialog, a drawer, a notice): `deferred(() => import(...))`
 * loads it once, on first call; a failed load is forgotten, so the next call tries again.
 */
export function deferred<T>(importer: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * The component `load` resolves to, from the first render where `wanted` is true on (null until
 * then and while it loads); `onError` runs when it cannot be loaded.
 */
export function useDeferred<C>(load: () => Promise<C>, wanted: boolean, onError: (error: unknown) => void): C | null {
  const [component, setComponent] = useState<C | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    load().then(
      (c) => {
        if (current) setComponent(() => c);
      },
      (error: unknown) => {
        if (current) onError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, component, load, onError]);
  return component;
}
