import { timingSafeEqual } from 'node:crypto';
import { commerceApi, PROXY_NETWORK_KEY_HEADER, proxyNetworkApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { dashboard, deductRecords, ingestUsage } from './service.ts';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Deduction records, the dashboard, and the proxy network's usage ingestion. */
export async function usageRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'proxyNetworkApiKey'> }) {
  route(app, commerceApi.deductRecordList, (request) => deductRecords(app.db, currentUser(request).id, request.query));
  route(app, commerceApi.dashboardStatistics, (request) => dashboard(app.db, app.now(), currentUser(request).id));

  route(app, proxyNetworkApi.usageIngest, async (request) => {
    const key = config.proxyNetworkApiKey;
    const given = request.headers[PROXY_NETWORK_KEY_HEADER];
    if (!key || typeof given !== 'string' || !sameKey(given, key)) {
      // A machine caller: a plain HTTP 403, not the browser's "log in again" body code.
      throw Object.assign(new Error('missing or wrong proxy network API key'), { statusCode: 403 });
    }
    return ingestUsage(app.db, app.now(), request.body.records);
  });
}
