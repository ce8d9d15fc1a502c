import { commerceApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import type { Gateways } from '../payments/gateways/index.ts';
import type { OrderKinds } from '../payments/order-kinds.ts';
import { payRoutes } from '../payments/routes.ts';
import { rechargeOrderKind } from './order-kind.ts';
import { createRechargeOrder, orderInfo, orderPage, orderStatus } from './service.ts';

export interface OrdersRoutesOptions {
  config: Pick<Config, 'sandbox'>;
  /** The same gateways and order kinds as the payments routes, whose notifications fulfil recharge orders. */
  gateways: Gateways;
  orderKinds: OrderKinds;
}

/** Recharge (dynamic traffic) orders of the logged-in user, and paying them. */
export async function ordersRoutes(app: FastifyInstance, { config, gateways, orderKinds }: OrdersRoutesOptions): Promise<void> {
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

  orderKinds.register(rechargeOrderKind);
  payRoutes(app, {
    kind: rechargeOrderKind,
    gateways,
    sandbox: config.sandbox,
    info: commerceApi.orderPayInfo,
    pay: commerceApi.orderPay,
  });
}
