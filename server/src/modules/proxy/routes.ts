import { timingSafeEqual } from 'node:crypto';
import { PROXY_NETWORK_KEY_HEADER, ProxyErrorCode, proxyApi, proxyNetworkVerifyApi } from '@portal/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { areaList, cityList, countryList, isCountry } from './regions.ts';
import {
  createSubAccount,
  deleteAccount,
  endpoints,
  listAccounts,
  resetPassword,
  updateAccount,
  verifyCredentials,
} from './service.ts';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Region lists are the same for everyone and change only with a release: cached for a day. */
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=86400');

function knownCountry(code: string): string {
  if (!isCountry(code)) throw new BusinessError(ProxyErrorCode.CountryNotFound, 'proxy.countryNotFound');
  return code;
}

/** Regions, the caller's proxy accounts, and the proxy network's credential check. */
export async function proxyRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'proxy' | 'proxyNetworkApiKey'> }) {
  route(app, proxyApi.countryList, (_request, reply) => {
    cacheable(reply);
    return countryList();
  });
  route(app, proxyApi.areaList, (request, reply) => {
    const country = knownCountry(request.query.countryCode);
    cacheable(reply);
    return areaList(country);
  });
  route(app, proxyApi.cityList, (request, reply) => {
    const country = knownCountry(request.query.countryCode);
    cacheable(reply);
    return cityList(country, request.query.areaCode.toUpperCase());
  });

  route(app, proxyApi.proxyAccountList, async (request) => ({
    accounts: await listAccounts(app.db, app.now(), currentUser(request).id),
    endpoints: endpoints(config.proxy),
    certificationRequired: config.proxy.requireCertification,
  }));
  route(app, proxyApi.proxyAccountCreate, (request) =>
    createSubAccount(app.db, app.now(), currentUser(request).id, request.body),
  );
  route(app, proxyApi.proxyAccountUpdate, (request) => updateAccount(app.db, currentUser(request).id, request.body));
  route(app, proxyApi.proxyAccountResetPassword, (request) => resetPassword(app.db, currentUser(request).id, request.body.id));
  route(app, proxyApi.proxyAccountDelete, (request) => deleteAccount(app.db, currentUser(request).id, request.body.id));

  route(app, proxyNetworkVerifyApi.proxyVerify, (request) => {
    const key = config.proxyNetworkApiKey;
    const given = request.headers[PROXY_NETWORK_KEY_HEADER];
    if (!key || typeof given !== 'string' || !sameKey(given, key)) {
      // A machine caller: a plain HTTP 403, like the usage ingestion.
      throw Object.assign(new Error('missing or wrong proxy network API key'), { statusCode: 403 });
    }
    return verifyCredentials(app.db, config.proxy, request.body.username, request.body.password);
  });
}
