import { AuthErrorCode, ResultCode, TwoFactorErrorCode, twoFactorApi } from '@portal/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import type { Notify } from '../accounts/notices.ts';
import { openSession } from '../accounts/service.ts';
import { recordSignIn, recordSuccess } from '../accounts/sign-ins.ts';
import { findUserById } from '../accounts/users.ts';
import { addressKey, consume } from '../limits/limits.ts';
import { getWebsite } from '../system/service.ts';
import {
  acceptAssertion,
  authenticationOptions,
  type CeremonyBinding,
  findPasskey,
  listPasskeys,
  passkeyCount,
  passkeyNotAccepted,
  passkeyUnknown,
  type RelyingParty,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  userHandleOf,
} from './passkeys.ts';
import { accountRequiresTwoFactor, challengeUser, hasApp, recordCheck, underLimit, useChallenge } from './service.ts';

/**
 * The relying party of a request: the configured public origin that the Host header chose
 * (app.publicOrigins), never the header as such, so a passkey is only ever made for and accepted
 * from the portal's own origins.
 */
async function relyingParty(app: FastifyInstance, request: FastifyRequest): Promise<RelyingParty> {
  const origin = await app.publicOrigins.of(request);
  const { hostname } = new URL(origin);
  const site = await getWebsite(app.db, hostname);
  // URL keeps the brackets of an IPv6 host; browsers refuse IP addresses as RP ID anyway.
  return { origin, id: hostname.replace(/^\[|\]$/g, ''), name: site.name[request.locale] };
}

/** Sign-in options (a challenge row each) one address may ask for in 10 minutes. */
export const PASSKEY_OPTIONS_QUOTA = { limit: 100, windowMs: 10 * 60 * 1000 } as const;

/** Registration, listing, step-up and the two sign-ins with a passkey (decision 0057). */
export function passkeyRoutes(app: FastifyInstance, { key, notify }: { key: Buffer; notify: Notify }) {
  const originOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '', ip: request.ip });

  route(app, twoFactorApi.authLoginPasskeyOptions, async (request) => {
    const now = app.now();
    // Each call keeps a challenge row: an address gets as many as the captcha's (nobody signs in 100 times in 10 minutes).
    const quota = await consume(app.db, [{ key: `passkey:ip:${addressKey(request.ip)}`, ...PASSKEY_OPTIONS_QUOTA }], now);
    if (!quota.ok) throw new BusinessError(ResultCode.TooManyRequests, 'error.tooManyRequests');
    const rp = await relyingParty(app, request);
    const { challenge } = request.body;
    if (!challenge) return { options: await authenticationOptions(app.db, rp, 'passwordless', {}, now) };
    const userId = await challengeUser(app.db, challenge, now);
    const binding = { userId, signInChallenge: challenge };
    return { options: await authenticationOptions(app.db, rp, 'second-factor', binding, now) };
  });

  route(app, twoFactorApi.authLoginPasskey, async (request) => {
    const now = app.now();
    const origin = originOf(request);
    const rp = await relyingParty(app, request);
    const { challenge } = request.body;
    const credential = request.body.credential as AuthenticationResponseJSON;
    // After the password: the sign-in challenge names the member. Without: the passkey does.
    const challengeOwner = challenge ? await challengeUser(app.db, challenge, now) : undefined;
    const row = await findPasskey(app.db, credential.id, challengeOwner);
    const userId = challengeOwner ?? row?.userId;
    if (userId === undefined) throw passkeyUnknown();
    const purpose = challenge ? 'second-factor' : 'passwordless';
    const binding: CeremonyBinding = challenge ? { userId, signInChallenge: challenge } : {};
    // A discoverable passkey also answers the user handle it was made with: it must be its owner's.
    const handle = credential.response.userHandle;
    const handleOk = !handle || handle === userHandleOf(key, userId).toString('base64url');
    try {
      await underLimit(
        app.db,
        userId,
        now,
        async () => row !== undefined && handleOk && acceptAssertion(app.db, rp, row, purpose, binding, credential, now),
        row ? passkeyNotAccepted : passkeyUnknown,
      );
    } catch (err) {
      const code = err instanceof BusinessError ? err.code : 0;
      const result = code === AuthErrorCode.TooManyAttempts ? 'locked' : 'passkey';
      await recordSignIn(app.db, { userId, result, now, ...origin });
      throw err;
    }
    if (challenge) await useChallenge(app.db, challenge, now);
    if (!(await findUserById(app.db, userId))) throw passkeyUnknown();
    const session = await openSession(app.db, userId, now, origin);
    // A passkey is a second-factor check of the new session, as a code is.
    await recordCheck(app.db, session.sessionId, now);
    await recordSuccess(app.db, { userId, now, ...origin }, notify);
    return { token: session.token, expiresAt: session.expiresAt };
  });

  route(app, twoFactorApi.twoFactorPasskeyList, async (request) => listPasskeys(app.db, currentUser(request).memberId));

  route(
    app,
    twoFactorApi.twoFactorPasskeyRegisterOptions,
    async (request) => {
      const { memberId, sessionId } = currentUser(request);
      const member = await findUserById(app.db, memberId);
      const label = member?.email ?? member?.mobile ?? String(memberId);
      const rp = await relyingParty(app, request);
      return { options: await registrationOptions(app.db, key, rp, { id: memberId, label }, sessionId, app.now()) };
    },
    { recentSecondFactor: true },
  );

  route(
    app,
    twoFactorApi.twoFactorPasskeyRegister,
    async (request) => {
      const { memberId, sessionId } = currentUser(request);
      const now = app.now();
      const rp = await relyingParty(app, request);
      const credential = request.body.credential as RegistrationResponseJSON;
      const added = await registerPasskey(app.db, rp, { id: memberId, sessionId }, { name: request.body.name, credential }, now);
      // The passkey was just used (with user verification) in this session: no second ask right after.
      await recordCheck(app.db, sessionId, now);
      return added;
    },
    { recentSecondFactor: true },
  );

  route(app, twoFactorApi.twoFactorPasskeyRename, async (request) =>
    renamePasskey(app.db, currentUser(request).memberId, request.body.id, request.body.name),
  );

  route(
    app,
    twoFactorApi.twoFactorPasskeyRemove,
    async (request) => {
      const { id, memberId } = currentUser(request);
      // The last factor stays while the account requires two (the app, or another passkey, must be left).
      if (
        (await accountRequiresTwoFactor(app.db, id)) &&
        !(await hasApp(app.db, memberId)) &&
        (await passkeyCount(app.db, memberId)) <= 1
      ) {
        throw new BusinessError(TwoFactorErrorCode.RequirementBlocks, 'twoFactor.lastFactorRequired');
      }
      await removePasskey(app.db, memberId, request.body.id);
      return true;
    },
    { recentSecondFactor: true },
  );

  route(app, twoFactorApi.twoFactorPasskeyVerifyOptions, async (request) => {
    const { memberId, sessionId } = currentUser(request);
    if ((await passkeyCount(app.db, memberId)) === 0) throw passkeyUnknown();
    const rp = await relyingParty(app, request);
    return { options: await authenticationOptions(app.db, rp, 'step-up', { userId: memberId, sessionId }, app.now()) };
  });

  route(app, twoFactorApi.twoFactorPasskeyVerify, async (request) => {
    const { memberId, sessionId } = currentUser(request);
    const now = app.now();
    const rp = await relyingParty(app, request);
    const credential = request.body.credential as AuthenticationResponseJSON;
    const row = await findPasskey(app.db, credential.id, memberId);
    if (!row) throw passkeyUnknown();
    await underLimit(
      app.db,
      memberId,
      now,
      () => acceptAssertion(app.db, rp, row, 'step-up', { userId: memberId, sessionId }, credential, now),
      passkeyNotAccepted,
    );
    await recordCheck(app.db, sessionId, now);
    return true;
  });
}
