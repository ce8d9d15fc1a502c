import { CommerceErrorCode, refundApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import type { Gateways } from '../payments/gateways/index.ts';
import { NotificationRejected } from '../payments/gateways/types.ts';
import { recordAnswer, runRefundRound } from './job.ts';
import { ownRechargeOrderNo, refundOrder } from './service.ts';

export const REFUND_NOTIFY_PATH_PREFIX = '/app-api/pay/refund-notify';

export interface RefundsRoutesOptions {
  config: Pick<Config, 'refundPolicy'>;
  gateways: Gateways;
}

/**
 * The buyer's self-serve refund of a traffic package (and the policy it is judged by), the refund
 * notifications of WeChat Pay, and the app's refund job round (`app.refundRound`, started by main.ts).
 */
export const refundsRoutes = fp(
  async (app: FastifyInstance, { config, gateways }: RefundsRoutesOptions) => {
    const policy = config.refundPolicy;

    app.decorate('refundRound', () =>
      runRefundRound(
        {
          db: app.db,
          gateways,
          messenger: app.messenger,
          log: app.log,
          notifyUrl: (gateway) => `${app.publicOrigins.defaultOrigin}${REFUND_NOTIFY_PATH_PREFIX}/${gateway}`,
        },
        app.now(),
      ),
    );

    route(app, refundApi.rechargeOrderRefundPolicy, async () => policy);

    route(app, refundApi.rechargeOrderRefund, async (request) => {
      const user = currentUser(request);
      const orderNo = await ownRechargeOrderNo(app.db, user.id, request.body.orderId);
      if (!orderNo) throw new BusinessError(CommerceErrorCode.OrderNotFound, 'commerce.orderNotFound');
      const result = await refundOrder(app.db, app.now(), {
        orderNo,
        reason: 'requested by the buyer (self-serve)',
        actor: `member:${user.id}`,
        origin: 'self',
        selfServe: { userId: user.id, policy },
      });
      request.log.info({ orderNo, refundNo: result.refundNo, amountFen: result.amountFen }, 'self-serve refund recorded');
      // The job would find it within its interval; a first attempt now tells the buyer sooner.
      void app.refundRound().catch((err: unknown) => request.log.error({ err }, 'refund job round failed'));
      return result;
    });

    // Refund notifications are verified over the exact bytes received, like payment notifications.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
      scope.post(
        `${REFUND_NOTIFY_PATH_PREFIX}/wechat`,
        { schema: { summary: 'Refund notifications of WeChat Pay', tags: ['payments'], hide: true } },
        async (request, reply) => {
          const gateway = gateways.byName('wechat');
          if (!gateway?.verifyRefundNotification) return reply.code(404).send('unknown gateway');
          const rawBody = typeof request.body === 'string' ? request.body : '';
          try {
            const verified = await gateway.verifyRefundNotification({ headers: request.headers, rawBody });
            const changed = await recordAnswer(app.db, app.now(), verified.refundNo, verified.answer, 0);
            request.log.info({ refundNo: verified.refundNo, state: verified.answer.state, changed }, 'refund notification');
          } catch (err) {
            if (!(err instanceof NotificationRejected)) throw err;
            request.log.warn({ err }, 'refund notification rejected');
            const ack = gateway.acknowledge(false);
            return reply.code(ack.status).type(ack.contentType).send(ack.body);
          }
          const ack = gateway.acknowledge(true);
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        },
      );
    });
  },
  { name: 'refunds' },
);
