import { commerceApi, contentApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/contract.ts';
import { getWebsite } from '../system/service.ts';
import { fromPrices } from './from-prices.ts';
import { getPackage, listPackages, unitPrice } from './service.ts';

/** The public catalogue: packages, the custom-amount price rule, and the seller. */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  route(app, commerceApi.trafficPackageList, () => listPackages(app.db));
  route(app, commerceApi.trafficPackageGet, (request) => getPackage(app.db, request.query.id));
  // "From" prices of the marketing pages, from the same tables the order pages price from.
  route(app, contentApi.fromPrices, () => fromPrices(app.db));
  route(app, commerceApi.flowUnitPrice, (request) => unitPrice(app.db, request.query.trafficGb));
  // The seller is the substation serving this host (an agent runs its own substation).
  route(app, commerceApi.supplierGet, async (request) => {
    const site = await getWebsite(app.db, request.hostname);
    return { name: site.name, serviceHours: site.serviceHours, contacts: site.contacts };
  });
}
