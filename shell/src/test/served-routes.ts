import { readAllRouteSources } from '@portal/shared/route-manifests';
import { setServedRoutes } from '../routing/route-table.ts';

/** Serves the working tree's routes.json of every remote, as /remotes.json would after `npm start`. */
export function serveWorkingTreeRoutes(): void {
  setServedRoutes(readAllRouteSources());
}
