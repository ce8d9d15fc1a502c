import type { RemoteName } from '@portal/shared';
import { routeTable } from '../routing/route-table.ts';

/**
 * The remote that serves a locale-less path, or null when the shell itself (or nobody) does.
 * Ownership comes from the route manifests of the served versions, as the server's 404s do.
 */
export function ownerOf(path: string): RemoteName | null {
  const owner = routeTable().match(path)?.route.owner;
  return owner && owner !== 'shell' ? owner : null;
}
