import { proxyNetworkStatusApi, StatusErrorCode, statusApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { proxyNetworkRoutes } from '../../plugins/proxy-network.ts';
import { maskEmail } from '../accounts/mask.ts';
import { addressKey } from '../limits/limits.ts';
import { getWebsite } from '../system/service.ts';
import { confirmationMessage } from './notifications.ts';
import {
  confirmSubscription,
  networkStatus,
  reportComponents,
  requestSubscription,
  takeSubscribeQuota,
  unsubscribe,
} from './service.ts';

/**
 * The network status (decision 0048): the proxy network's report of component states (behind its
 * key, like usage ingestion and verify), the public read of the status page, and e-mail
 * subscriptions with double opt-in. Incidents are opened, updated and resolved by ops (cli/ops/status.ts).
 */
export async function statusRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'proxyNetworkApiKey'> }) {
  route(app, statusApi.networkStatus, async (request, reply) => {
    // Shared caches may keep it briefly too: it holds nothing personal, but its language follows Accept-Language.
    reply.header('cache-control', 'public, max-age=10').header('vary', 'accept-language');
    return networkStatus(app.db, () => app.now(), request.locale);
  });

  route(app, statusApi.statusSubscribe, async (request) => {
    const { email } = request.body;
    if (!app.messenger.available('email', 'text')) {
      throw new BusinessError(StatusErrorCode.EmailUnavailable, 'status.emailUnavailable');
    }
    const now = app.now();
    const quota = await takeSubscribeQuota(app.db, { ip: addressKey(request.ip), email }, now);
    if (!quota.ok) {
      throw new BusinessError(StatusErrorCode.TooManyRequests, 'status.tooMany', {
        minutes: Math.max(1, Math.ceil(quota.retryAfterMs / 60_000)),
      });
    }
    // Links start with a configured origin (PUBLIC_BASE_URL or this substation), never the raw Host.
    const origin = await app.publicOrigins.of(request);
    const pending = await requestSubscription(app.db, { email, locale: request.locale, origin }, now);
    if (pending) {
      const site = (await getWebsite(app.db, request.hostname)).name[request.locale];
      await app.messenger.dispatch(
        confirmationMessage(email, { locale: request.locale, origin, site, token: pending.confirmToken }),
      );
    }
    return { to: maskEmail(email) };
  });

  route(app, statusApi.statusSubscriptionConfirm, async (request) => {
    const email = await confirmSubscription(app.db, request.body.token, app.now());
    if (!email) throw new BusinessError(StatusErrorCode.LinkInvalid, 'status.linkInvalid');
    return { to: maskEmail(email) };
  });

  route(app, statusApi.statusUnsubscribe, async (request) => {
    const email = await unsubscribe(app.db, request.body.token);
    if (!email) throw new BusinessError(StatusErrorCode.LinkInvalid, 'status.linkInvalid');
    return { to: maskEmail(email) };
  });

  await app.register(proxyNetworkRoutes, {
    key: config.proxyNetworkApiKey,
    register: (scope) =>
      route(scope, proxyNetworkStatusApi.statusReport, (request) =>
        reportComponents(app.db, request.body.components, new Date(request.body.reportedAt ?? app.now().getTime())),
      ),
  });
}
