import { clientConfigApi, systemApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { ping } from '../../db/client.ts';
import { route } from '../../plugins/contract.ts';
import { getWebsite } from './service.ts';

export async function systemRoutes(
  app: FastifyInstance,
  { config }: { config: Pick<Config, 'analytics' | 'captchaEnabled' | 'sandbox' | 'smsCountries'> },
): Promise<void> {
  // For load balancers and orchestrators: 200 only when the database answers.
  app.get('/healthz', { schema: { summary: 'Liveness and database check', tags: ['system'] } }, async (request, reply) => {
    try {
      await ping(app.db);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // request.ip honours TRUSTED_PROXY through Fastify's trustProxy, so X-Forwarded-For is only
  // believed when it comes from a proxy we trust.
  route(app, systemApi.getIp, (request) => ({ ip: request.ip }));

  route(app, systemApi.websiteGet, (request) => getWebsite(app.db, request.hostname));

  // From the environment, validated at start (config.ts): the browser build stays the same everywhere.
  route(app, clientConfigApi.clientConfigGet, () => ({
    analytics: config.analytics,
    captchaEnabled: config.captchaEnabled,
    sandbox: config.sandbox,
    smsCountries: config.smsCountries === null ? null : [...config.smsCountries],
  }));
}
