import { AuthErrorCode, type SecondFactorChallenge, TwoFactorErrorCode, twoFactorApi } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { securityNotifier } from '../accounts/routes.ts';
import { openSession } from '../accounts/service.ts';
import { recordSignIn, recordSuccess } from '../accounts/sign-ins.ts';
import { findUserById } from '../accounts/users.ts';
import { resolveDataKey } from '../certification/crypto.ts';
import { getWebsite } from '../system/service.ts';
import { accountRequirementGuard } from './requirement.ts';
import {
  accountRequiresTwoFactor,
  challengeUser,
  checkSecondFactor,
  confirmTotp,
  createChallenge,
  disableTwoFactor,
  enabledAt,
  hasApp,
  hasRecentCheck,
  hasTwoFactor,
  recordCheck,
  recoveryCodesLeft,
  renewRecoveryCodes,
  setAccountRequirement,
  startTotp,
  useChallenge,
} from './service.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { passkeyCount } from './passkeys.ts';
import { enrolmentOf } from './totp.ts';

/** The login's second step for a member with two factors on (wired into accounts by app.ts). */
export const secondFactorChallengeFor =
  (db: Db) =>
  async (userId: number, now: Date): Promise<SecondFactorChallenge | null> => {
    const [code, passkeys] = await Promise.all([hasApp(db, userId), passkeyCount(db, userId)]);
    return code || passkeys > 0 ? createChallenge(db, userId, now, { code, passkey: passkeys > 0 }) : null;
  };

export const recentCheckRequired = () =>
  new BusinessError(TwoFactorErrorCode.RecentCheckRequired, 'twoFactor.recentCheckRequired');

/**
 * The step-up check (decision 0056): a member with two factors on needs a check of this session
 * within STEP_UP_WINDOW_MINUTES. Members without two factors pass (nothing to ask for); an account
 * that requires two factors stops them before (requirement.ts). Put on a route with
 * `route(app, entry, handler, { recentSecondFactor: true })`.
 */
export function requireRecentSecondFactor(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const { memberId, sessionId } = currentUser(request);
    if (!(await hasTwoFactor(app.db, memberId))) return;
    if (!(await hasRecentCheck(app.db, sessionId, app.now()))) throw recentCheckRequired();
  };
}

/**
 * Two factors: the step-up check every module can ask for, the account requirement and the calls
 * of enrolment, sign-in and settings. Registered before any route that asks for a recent check.
 */
export const twoFactorPlugin = fp<{ config: Pick<Config, 'dataEncryptionKey' | 'sandbox' | 'dataDir'> }>(
  async (app, { config }) => {
    const key = await resolveDataKey(config, app.log);
    const notify = securityNotifier(app);
    app.decorate('requireRecentSecondFactor', requireRecentSecondFactor(app));
    app.addHook('preHandler', accountRequirementGuard(app));

    route(app, twoFactorApi.authLoginSecondFactor, async (request) => {
      const now = app.now();
      const origin = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
      const { challenge, code } = request.body;
      const userId = await challengeUser(app.db, challenge, now);
      try {
        await checkSecondFactor(app.db, key, userId, code, now);
      } catch (err) {
        const code = err instanceof BusinessError ? err.code : 0;
        const result =
          code === TwoFactorErrorCode.CodeIncorrect ? 'code' : code === AuthErrorCode.TooManyAttempts ? 'locked' : null;
        if (result) await recordSignIn(app.db, { userId, result, now, ...origin });
        throw err;
      }
      await useChallenge(app.db, challenge, now);
      const session = await openSession(app.db, userId, now, origin);
      await recordCheck(app.db, session.sessionId, now);
      await recordSuccess(app.db, { userId, now, ...origin }, notify);
      return { token: session.token, expiresAt: session.expiresAt };
    });

    passkeyRoutes(app, { key, notify });

    route(app, twoFactorApi.twoFactorStatus, async (request) => {
      const { id, memberId, sessionId } = currentUser(request);
      const now = app.now();
      const [app_, passkeys, on] = await Promise.all([
        hasApp(app.db, memberId),
        passkeyCount(app.db, memberId),
        enabledAt(app.db, memberId),
      ]);
      const enabled = app_ || passkeys > 0;
      return {
        enabled,
        enabledAt: app_ ? (on?.getTime() ?? null) : null,
        app: app_,
        passkeys,
        recoveryCodesLeft: app_ ? await recoveryCodesLeft(app.db, memberId) : 0,
        requiredByAccount: await accountRequiresTwoFactor(app.db, id),
        recentCheck: enabled && (await hasRecentCheck(app.db, sessionId, now)),
      };
    });

    route(app, twoFactorApi.twoFactorTotpStart, async (request) => {
      const { memberId } = currentUser(request);
      const member = await findUserById(app.db, memberId);
      const issuer = (await getWebsite(app.db, request.hostname)).name[request.locale];
      const secret = await startTotp(app.db, key, memberId, app.now());
      return enrolmentOf(secret, { issuer, label: member?.email ?? member?.mobile ?? String(memberId) });
    });

    route(app, twoFactorApi.twoFactorTotpConfirm, async (request) => {
      const { memberId, sessionId } = currentUser(request);
      const now = app.now();
      const recoveryCodes = await confirmTotp(app.db, key, memberId, request.body.code, now);
      // The code just typed is a check of this session: no second ask right after enrolment.
      await recordCheck(app.db, sessionId, now);
      return { recoveryCodes };
    });

    route(app, twoFactorApi.twoFactorVerify, async (request) => {
      const { memberId, sessionId } = currentUser(request);
      const now = app.now();
      if (!(await hasTwoFactor(app.db, memberId)))
        throw new BusinessError(TwoFactorErrorCode.NotEnrolling, 'twoFactor.notEnrolling');
      await checkSecondFactor(app.db, key, memberId, request.body.code, now);
      await recordCheck(app.db, sessionId, now);
      return true;
    });

    route(
      app,
      twoFactorApi.twoFactorRecoveryCodesRenew,
      async (request) => {
        const { memberId } = currentUser(request);
        // Recovery codes come with the authenticator app (a passkey has none to stand in for).
        if (!(await hasApp(app.db, memberId))) throw new BusinessError(TwoFactorErrorCode.NotEnrolling, 'twoFactor.notEnrolling');
        return { recoveryCodes: await renewRecoveryCodes(app.db, memberId) };
      },
      { recentSecondFactor: true },
    );

    route(
      app,
      twoFactorApi.twoFactorDisable,
      async (request) => {
        const { id, memberId } = currentUser(request);
        // Passkeys left keep two factors on: the account's requirement still holds.
        if ((await accountRequiresTwoFactor(app.db, id)) && (await passkeyCount(app.db, memberId)) === 0) {
          throw new BusinessError(TwoFactorErrorCode.RequirementBlocks, 'twoFactor.requiredByAccount');
        }
        await disableTwoFactor(app.db, memberId);
        return true;
      },
      { recentSecondFactor: true },
    );

    route(
      app,
      twoFactorApi.twoFactorRequirementUpdate,
      async (request) => {
        const { id, memberId } = currentUser(request);
        // Only someone who has two factors can require them, so the one who turns it on is never locked out.
        if (!(await hasTwoFactor(app.db, memberId))) {
          throw new BusinessError(TwoFactorErrorCode.RequirementBlocks, 'twoFactor.requirementNeedsOwnFactor');
        }
        await setAccountRequirement(app.db, id, request.body.required, app.now());
        return request.body.required;
      },
      { recentSecondFactor: true },
    );
  },
  { name: 'two-factor', dependencies: ['database', 'auth'] },
);
