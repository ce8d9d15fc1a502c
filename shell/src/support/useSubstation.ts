import { useEffect } from 'react';
import type { Website } from '@portal/shared';
import { uiStore } from '@portal/shared/browser';
import { useWebsite } from '@portal/shared/ui';

export { useLocalized } from '@portal/shared/ui';

/** The substation's site settings (loaded at start, SPEC section 7), mirrored into the global state. */
export function useSubstation(): Website | undefined {
  const { data } = useWebsite();
  useEffect(() => {
    if (data) uiStore.substation = data;
  }, [data]);
  return data;
}
