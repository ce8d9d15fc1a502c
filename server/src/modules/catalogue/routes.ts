import { commerceApi, contentApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/contract.ts';
import { getWebsite } from '../system/service.ts';
import { fromPrices } from './from-prices.ts';
import { getPackage, listPackages, unitPrice } from './service.ts';
import { pricingSiteId } from '../accounts/member-site.ts';

/**
 * The public catalogue: packages, the custom-amount price rule, and the seller. Prices are those of
 * a logged-in member's own substation, or of the host's for a visitor (pricingSiteId, decision 0027).
 */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  route(app, commerceApi.trafficPackageList, async (request) => listPackages(app.db, await pricingSiteId(app.db, request)));
  route(app, commerceApi.trafficPackageGet, async (request) =>
    getPackage(app.db, request.query.id, await pricingSiteId(app.db, request)),
  );
  // "From" prices of the marketing pages, from the same tables the order pages price from.
  route(app, contentApi.fromPrices, async (request) => fromPrices(app.db, await pricingSiteId(app.db, request)));
  route(app, commerceApi.customTrafficPrice, async (request) =>
    unitPrice(app.db, await pricingSiteId(app.db, request), request.query.trafficGb),
  );
  // The seller is the substation serving this host (an agent runs its own substation).
  route(app, commerceApi.supplierGet, async (request) => {
    const site = await getWebsite(app.db, request.hostname);
    return { name: site.name, serviceHours: site.serviceHours, contacts: site.contacts };
  });
}
