import { useLocation } from '@portal/shared/router';
import { useSnapshot } from 'valtio';
import { splitLocale } from '@portal/shared';
import { ownerOf } from '../federation/mounts.ts';
import { remoteState } from '../federation/remote-state.ts';
import { NotFoundPage } from '../pages/errors/NotFoundPage.tsx';
import { RemoteUnavailable } from '../pages/errors/RemoteUnavailable.tsx';

/** Anything no route matched: a remote that failed to load gets its fallback, the rest is a 404. */
export function CatchAll() {
  const { pathname } = useLocation();
  const { failed } = useSnapshot(remoteState);
  const owner = ownerOf(splitLocale(pathname).path);
  if (owner && failed.includes(owner)) return <RemoteUnavailable remote={owner} />;
  return <NotFoundPage />;
}
