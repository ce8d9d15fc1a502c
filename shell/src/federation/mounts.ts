import { matchRoute, type RemoteName } from '@portal/shared';

/**
 * The remote that serves a locale-less path, or null when the shell itself (or nobody) does.
 * Ownership comes from the shared route table, the same one the server answers 404 from.
 */
export function ownerOf(path: string): RemoteName | null {
  const owner = matchRoute(path)?.route.owner;
  return owner && owner !== 'shell' ? owner : null;
}
