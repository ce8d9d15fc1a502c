import { commerceApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { createRechargeOrder, orderInfo, orderPage, orderStatus } from './service.ts';

/** Recharge (dynamic traffic) orders of the logged-in user; payments mounts paying them (order-kind.ts). */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  route(app, commerceApi.rechargeOrderCreate, (request) => {
    const { packageId, trafficGb, accountType, source } = request.body;
    const purchase = packageId !== undefined ? { packageId } : { trafficGb: trafficGb as number };
    return createRechargeOrder(app.db, app.now(), { userId: currentUser(request).id, purchase, accountType, source });
  });
  route(app, commerceApi.rechargeOrderPage, (request) => orderPage(app.db, app.now(), currentUser(request).id, request.query));
  route(app, commerceApi.rechargeOrderStatus, (request) =>
    orderStatus(app.db, app.now(), currentUser(request).id, request.params.id),
  );
  route(app, commerceApi.rechargeOrderInfo, (request) => orderInfo(app.db, app.now(), currentUser(request).id, request.query.id));
}
