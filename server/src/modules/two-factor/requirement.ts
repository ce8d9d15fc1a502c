import { authApi, TwoFactorErrorCode, teamApi, twoFactorApi } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cacheFor } from '../../cache/invalidation.ts';
import { BusinessError, isApiPath } from '../../plugins/errors.ts';
import { accountRequiresTwoFactor, hasTwoFactor } from './service.ts';

/** Calls a member without two factors may still make in an account that requires them: enrolment and the basics. */
const ENROLMENT_PATHS: ReadonlySet<string> = new Set(
  [
    authApi.memberUserGet,
    authApi.authLogout,
    twoFactorApi.twoFactorStatus,
    twoFactorApi.twoFactorTotpStart,
    twoFactorApi.twoFactorTotpConfirm,
    twoFactorApi.twoFactorPasskeyList,
    twoFactorApi.twoFactorPasskeyRegisterOptions,
    twoFactorApi.twoFactorPasskeyRegister,
    // Another team may not ask for two factors: the member can still see their teams and move on.
    teamApi.teamContext,
    teamApi.teamSwitch,
  ].map((entry) => entry.path),
);

/** How long an instance trusts an account's requirement it read (turning it on is rare; members are told at once after). */
const REQUIREMENT_CACHE_MS = 5_000;

export const enrolmentRequired = () => new BusinessError(TwoFactorErrorCode.EnrolmentRequired, 'twoFactor.enrolmentRequired');

/**
 * "The owner can require two factors of every member" (decision 0056): a signed-in member without
 * two factors, acting in an account that requires them, is refused on every call but enrolment
 * (EnrolmentRequired; the user centre sends them to the set-up). The account's setting is cached
 * for a few seconds, so a call of an account without the rule costs no query.
 */
export function accountRequirementGuard(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = request.user;
    if (!user || !isApiPath(request.url) || ENROLMENT_PATHS.has(request.routeOptions.url ?? '')) return;
    const required = await cacheFor(app.db).cached(`2fa-required\0${user.id}`, REQUIREMENT_CACHE_MS, () =>
      accountRequiresTwoFactor(app.db, user.id),
    );
    if (required && !(await hasTwoFactor(app.db, user.memberId))) throw enrolmentRequired();
  };
}
