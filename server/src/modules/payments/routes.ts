import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { sandboxCashierRoutes } from './gateways/cashier/routes.ts';
import type { Gateways } from './gateways/index.ts';
import { type GatewayName, NotificationRejected } from './gateways/types.ts';
import type { OrderKind, OrderKinds } from './order-kinds.ts';
import {
  applyNotification,
  isSettled,
  NOTIFY_PATH_PREFIX,
  type PaymentUrls,
  payInfo,
  startPayment,
  type UnusablePaymentRefund,
} from './service.ts';

export interface PaymentsRoutesOptions {
  gateways: Gateways;
  /** The order kinds it pays (their pay routes) and the notifications fulfil, registered in app.ts. */
  orderKinds: OrderKinds;
  sandbox: boolean;
  /** Records the automatic refund of a payment its order could not use (the refunds module's, from app.ts). */
  refundUnusable?: UnusablePaymentRefund;
}

const gatewayParam = z.object({ gateway: z.enum(['alipay', 'wechat', 'sandbox']) });

/**
 * The portal's public origin for this request (plugins/public-origin.ts: PUBLIC_BASE_URL or a
 * configured substation, never a Host header as sent) and the caller's locale prefix.
 */
export async function paymentUrls(app: FastifyInstance, request: FastifyRequest): Promise<PaymentUrls> {
  return { base: await app.publicOrigins.of(request), localePrefix: request.locale === 'en' ? '/en' : '' };
}

/**
 * The two pay routes of an order kind, at the paths its own contract declares: the channels,
 * amount and deadline of one of the caller's orders, and starting a payment of it.
 */
function payRoutes(app: FastifyInstance, kind: OrderKind, gateways: Gateways, sandbox: boolean): void {
  const { info, pay } = kind.payRoutes;
  route(app, info, async (request) =>
    payInfo(gateways, sandbox, await kind.payable(app.db, app.now(), currentUser(request).id, request.query.orderId, request)),
  );
  route(app, pay, async (request) => {
    const userId = currentUser(request).id;
    return startPayment(app.db, gateways, app.now(), {
      userId,
      order: await kind.payable(app.db, app.now(), userId, request.body.orderId, request),
      channel: request.body.channel,
      clientIp: request.ip,
      urls: await paymentUrls(app, request),
    });
  });
}

/** Each order kind's pay routes, the providers' notifications and, in the sandbox, its cashier. */
export async function paymentsRoutes(
  app: FastifyInstance,
  { gateways, orderKinds, sandbox, refundUnusable }: PaymentsRoutesOptions,
): Promise<void> {
  for (const kind of orderKinds.all()) payRoutes(app, kind, gateways, sandbox);

  // Notifications are verified over the exact bytes received, so this scope reads every body as text.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      `${NOTIFY_PATH_PREFIX}/:gateway`,
      { schema: { summary: 'Payment notifications of Alipay, WeChat Pay and the sandbox', tags: ['payments'], hide: true } },
      async (request, reply) => {
        const parsed = gatewayParam.safeParse(request.params);
        const gateway = parsed.success ? gateways.byName(parsed.data.gateway as GatewayName) : null;
        if (!gateway) return reply.code(404).send('unknown gateway');
        const rawBody = typeof request.body === 'string' ? request.body : '';
        let outcome: Awaited<ReturnType<typeof applyNotification>>;
        try {
          const verified = await gateway.verifyNotification({ headers: request.headers, rawBody });
          outcome = await applyNotification(app.db, orderKinds, app.now(), gateway, verified, refundUnusable);
        } catch (err) {
          if (!(err instanceof NotificationRejected)) throw err;
          request.log.warn({ err, gateway: gateway.name }, 'payment notification rejected');
          const ack = gateway.acknowledge(false);
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        }
        const ok = isSettled(outcome);
        if (outcome === 'applied') request.log.info({ gateway: gateway.name, outcome }, 'payment applied');
        else if ((outcome === 'refund_pending' || outcome === 'order_already_paid') && refundUnusable)
          request.log.warn(
            { gateway: gateway.name, outcome },
            'paid order could not use the payment: refund recorded, the refund job returns it',
          );
        else if (outcome === 'refund_pending')
          request.log.warn({ gateway: gateway.name, outcome }, 'paid order could not be fulfilled: an operator must refund it');
        else request.log[ok ? 'info' : 'warn']({ gateway: gateway.name, outcome }, 'payment notification not applied');
        const ack = gateway.acknowledge(ok);
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      },
    );
  });

  if (gateways.sandbox) {
    await app.register(sandboxCashierRoutes, {
      gateway: gateways.sandbox,
      notifyPath: `${NOTIFY_PATH_PREFIX}/sandbox`,
      allowsRedirect: (url) => app.publicOrigins.allows(url),
    });
  }
}
