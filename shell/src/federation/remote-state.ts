import type { RemoteName } from '@portal/shared';
import { proxy } from 'valtio';

/** Remotes whose routes are patched in, and those that could not be loaded (shown as fallback). */
export const remoteState = proxy({ loaded: new Set<RemoteName>(), failed: [] as RemoteName[] });

export function markRemoteLoaded(name: RemoteName) {
  remoteState.loaded.add(name);
  remoteState.failed = remoteState.failed.filter((n) => n !== name);
}
export function markRemoteFailed(name: RemoteName) {
  if (!remoteState.failed.includes(name)) remoteState.failed.push(name);
}
