import { PROXY_MAX_ALLOWED_IPS, ProxyErrorCode, proxyApi, proxyNetworkVerifyApi } from '@portal/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { proxyNetworkRoutes } from '../../plugins/proxy-network.ts';
import { addAllowedIp, deleteAllowedIp, listAllowedIps } from './allowed-ips.ts';
import { listLinkRoutes } from './list-link-routes.ts';
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
import { accountSpend, setSpendLimits } from './spend.ts';

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
    spendLimits: await accountSpend(app.db, app.now(), currentUser(request).id),
    allowList: {
      maxEntries: PROXY_MAX_ALLOWED_IPS,
      maxIpv4Addresses: config.proxy.allowListSpace.ipv4,
      maxIpv6Networks: config.proxy.allowListSpace.ipv6,
    },
  }));
  route(app, proxyApi.proxyAccountCreate, (request) =>
    createSubAccount(app.db, app.now(), currentUser(request).id, request.body),
  );
  route(app, proxyApi.proxyAccountUpdate, (request) => updateAccount(app.db, app.now(), currentUser(request).id, request.body));
  route(app, proxyApi.proxySpendLimitsUpdate, (request) =>
    setSpendLimits(app.db, app.now(), currentUser(request).id, request.body),
  );
  route(app, proxyApi.proxyAccountResetPassword, (request) =>
    resetPassword(app.db, app.now(), currentUser(request).id, request.body.id),
  );
  route(app, proxyApi.proxyAccountDelete, (request) => deleteAccount(app.db, currentUser(request).id, request.body.id));
  route(app, proxyApi.proxyAllowedIpList, (request) => listAllowedIps(app.db, currentUser(request).id, request.query.accountId));
  route(app, proxyApi.proxyAllowedIpAdd, (request) =>
    addAllowedIp(app.db, app.now(), currentUser(request).id, config.proxy.allowListSpace, request.body),
  );
  route(app, proxyApi.proxyAllowedIpDelete, (request) => deleteAllowedIp(app.db, currentUser(request).id, request.body.id));
  listLinkRoutes(app, config.proxy);

  await app.register(proxyNetworkRoutes, {
    key: config.proxyNetworkApiKey,
    register: (scope) =>
      route(scope, proxyNetworkVerifyApi.proxyVerify, (request) =>
        verifyCredentials(app.db, app.now(), config.proxy, request.body),
      ),
  });
}
