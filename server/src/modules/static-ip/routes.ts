import { type ResourceType, staticIpApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { exchangeRegions, shareExchange, staticIpPage } from './ips.ts';
import {
  createPurchase,
  createRenewalOfIps,
  createRenewalOfOrder,
  staticOrderInfo,
  staticOrderPage,
  staticOrderStatus,
  updateRemark,
} from './orders.ts';
import { pricingSiteId } from '../accounts/member-site.ts';
import { listDurations, listRegions } from './stock.ts';

/** Static IPs: durations and regions on sale, orders, the caller's IPs, renewal and exchange (payments mounts paying them: order-kind.ts). */
export async function staticIpRoutes(app: FastifyInstance): Promise<void> {
  // Durations at the prices of a member's own substation, or the host's (decision 0027).
  route(app, staticIpApi.staticIspDuration, async (request) =>
    listDurations(app.db, request.query.resourceType, await pricingSiteId(app.db, request)),
  );
  route(app, staticIpApi.staticIspNode, (request) => listRegions(app.db, request.query.resourceType));
  route(app, staticIpApi.staticCnDuration, async (request) => listDurations(app.db, 12, await pricingSiteId(app.db, request)));
  route(app, staticIpApi.staticCnNode, () => listRegions(app.db, 12));
  route(app, staticIpApi.staticNativeDuration, async (request) => listDurations(app.db, 3, await pricingSiteId(app.db, request)));
  route(app, staticIpApi.staticNativeNode, () => listRegions(app.db, 3));

  const purchase = (
    request: { body: { regionId: number; count: number; durationDays: number; remark?: string | undefined } },
    userId: number,
    resourceType: ResourceType,
  ) => createPurchase(app.db, app.now(), { userId, resourceType, ...request.body });
  route(app, staticIpApi.staticOrderCreate, (request) => purchase(request, currentUser(request).id, request.body.resourceType));
  route(app, staticIpApi.staticOrderCreateCn, (request) => purchase(request, currentUser(request).id, 12));
  route(app, staticIpApi.staticOrderCreateNative, (request) => purchase(request, currentUser(request).id, 3));

  route(app, staticIpApi.staticOrderStatus, (request) =>
    staticOrderStatus(app.db, app.now(), currentUser(request).id, request.params.id),
  );
  route(app, staticIpApi.staticOrderInfo, (request) =>
    staticOrderInfo(app.db, app.now(), currentUser(request).id, request.query.id),
  );
  route(app, staticIpApi.staticOrderPage, (request) =>
    staticOrderPage(app.db, app.now(), currentUser(request).id, request.query),
  );
  route(app, staticIpApi.staticIpPage, (request) => staticIpPage(app.db, app.now(), currentUser(request).id, request.query));

  route(app, staticIpApi.renewalCreate, (request) =>
    createRenewalOfOrder(app.db, app.now(), currentUser(request).id, request.body.orderId, request.body.durationDays),
  );
  route(app, staticIpApi.renewalIps, (request) =>
    createRenewalOfIps(app.db, app.now(), currentUser(request).id, request.body.itemIds, request.body.durationDays),
  );

  route(app, staticIpApi.exchangeNode, (request) =>
    exchangeRegions(app.db, app.now(), currentUser(request).id, request.query.itemIds),
  );
  route(app, staticIpApi.shareExchange, (request) =>
    shareExchange(app.db, app.now(), currentUser(request).id, request.body.itemIds, request.body.regionId),
  );

  route(app, staticIpApi.updateRemark, (request) =>
    updateRemark(app.db, currentUser(request).id, request.query.id, request.query.remark),
  );
}
