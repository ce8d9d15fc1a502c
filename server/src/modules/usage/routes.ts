import { commerceApi, proxyNetworkApi, usageApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { proxyNetworkRoutes } from '../../plugins/proxy-network.ts';
import { usageBreakdownOf } from './breakdown.ts';
import { dashboard, deductRecords, ingestUsage } from './service.ts';

/** Deduction records, the dashboard, and the proxy network's usage ingestion. */
export async function usageRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'proxyNetworkApiKey'> }) {
  route(app, commerceApi.deductRecordList, (request) => deductRecords(app.db, currentUser(request).id, request.query));
  route(app, commerceApi.dashboardStatistics, (request) => dashboard(app.db, app.now(), currentUser(request).id));
  route(app, usageApi.usageBreakdown, (request) => usageBreakdownOf(app.db, currentUser(request).id, request.query));

  await app.register(proxyNetworkRoutes, {
    key: config.proxyNetworkApiKey,
    register: (scope) =>
      route(scope, proxyNetworkApi.usageIngest, (request) => ingestUsage(app.db, app.now(), request.body.records)),
  });
}
