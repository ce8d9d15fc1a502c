import { createRouteTable, type ManifestRoute, type RemoteName, type RouteTable } from '@portal/shared';

/**
 * The pages of the versions this page was served with: the shell's own plus each remote's route
 * manifest, as /remotes.json (browser) or the render request (server) lists them. Ownership, the
 * guard, canonical links and the router all ask this one table.
 */
let table: RouteTable = createRouteTable();

export const routeTable = (): RouteTable => table;

export function setServedRoutes(routes: Partial<Record<RemoteName, readonly ManifestRoute[]>>): void {
  table = createRouteTable(routes);
}
