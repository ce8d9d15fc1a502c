import {
  AuthErrorCode,
  authApi,
  CODE_TTL_MINUTES,
  countryName,
  type Locale,
  mobileRegions,
  VerificationScene,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { translate } from '../../i18n/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError, unauthorized } from '../../plugins/errors.ts';
import { invalidField } from '../../plugins/validation.ts';
import { requireCaptcha } from '../captcha/routes.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { translateForUnverified } from '../messaging/unverified.ts';
import { findSite, getWebsite, siteForHost } from '../system/service.ts';
import { type Destination, destinationOf, requestCode, type SendOutcome } from './codes.ts';
import { isCommonPassword } from './common-passwords.ts';
import { type Notify, noticeMessages } from './notices.ts';
import {
  changePassword,
  type LoginInput,
  login,
  type RevokeCredentials,
  register,
  resetPassword,
  updateNickname,
} from './service.ts';
import { sessionRoutes } from './session-routes.ts';
import { revokeSession } from './sessions.ts';
import { cachedUserInfo } from './users.ts';

/**
 * The SMS or e-mail for a send outcome, in the caller's language; null when nothing goes out. The
 * address was typed by the caller and is not verified yet: fixed texts only (messaging/unverified.ts).
 */
export function composeMessage(
  outcome: SendOutcome,
  { destination, scene, locale, site }: { destination: Destination; scene: VerificationScene; locale: Locale; site: string },
): OutgoingMessage | null {
  const base = { channel: destination.channel, to: destination.to, locale };
  if (outcome.kind === 'nothing') return null;
  if (outcome.kind === 'notice') {
    return {
      ...base,
      kind: 'notice',
      code: null,
      subject: translateForUnverified(locale, 'message.accountExists.subject', { site }),
      text: translateForUnverified(locale, 'message.accountExists', { site }),
    };
  }
  const params = { site, code: outcome.code, minutes: CODE_TTL_MINUTES };
  return {
    ...base,
    kind: 'code',
    code: outcome.code,
    subject: translateForUnverified(locale, 'message.code.subject', params),
    text: translateForUnverified(
      locale,
      scene === VerificationScene.Register ? 'message.code.register' : 'message.code.reset',
      params,
    ),
  };
}

/**
 * Refuses a new password from the common-password list with a field error on `password`, before
 * anything is spent (captcha, code, lockout slot).
 */
async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw invalidField('password', {
      en: translate('en', 'auth.passwordTooCommon'),
      'zh-CN': translate('zh-CN', 'auth.passwordTooCommon'),
    });
  }
}

/**
 * Sends a security notice to a member on every channel they have that can carry it (an SMS provider
 * that sends approved templates only cannot), in their language and under their substation's name.
 * Deliveries run as the codes' do (messenger.dispatch); nothing here fails the request.
 */
export function securityNotifier(app: FastifyInstance): Notify {
  return async (member, notice) => {
    try {
      const site = (await findSite(app.db, String(member.siteId))) ?? (await siteForHost(app.db, ''));
      for (const message of noticeMessages(member, notice, site.name[member.locale])) {
        if (app.messenger.available(message.channel, message.kind)) await app.messenger.dispatch(message);
      }
    } catch (err) {
      app.log.error({ err, notice: notice.kind }, 'security notice not sent');
    }
  };
}

export async function accountsRoutes(
  app: FastifyInstance,
  {
    config,
    revokeCredentials,
    secondFactor,
  }: {
    config: Pick<Config, 'captchaEnabled'>;
    /** Revokes a member's API tokens with a password reset or change (the API tokens module's). */
    revokeCredentials: RevokeCredentials;
    /** The challenge of a member with two factors on after a right password (the two-factor module's). */
    secondFactor?: LoginInput['secondFactor'];
  },
): Promise<void> {
  const notify = securityNotifier(app);
  sessionRoutes(app);

  route(app, authApi.authLogin, (request) => {
    const { password, captchaVerification } = request.body;
    return login(app.db, {
      login: destinationOf(request.body),
      password,
      ip: request.ip,
      now: app.now(),
      captcha: async (force) => {
        await requireCaptcha(app, config, captchaVerification, force);
        return config.captchaEnabled || force;
      },
      locale: request.locale,
      notify,
      userAgent: request.headers['user-agent'] ?? '',
      ...(secondFactor && { secondFactor }),
    });
  });

  route(app, authApi.authLogout, async (request) => {
    await revokeSession(app.db, currentUser(request).sessionId, app.now());
    return true;
  });

  // The person's identity (id, nickname, contacts, since when) with the team's balance and
  // certification: the header names who is signed in, the pages show what the team has (decision 0053).
  route(app, authApi.memberUserGet, async (request) => {
    const { id, memberId } = currentUser(request);
    const [team, person] = await Promise.all([cachedUserInfo(app.db, id), cachedUserInfo(app.db, memberId)]);
    // Deleted between the session check and now: the session cascades away with the user.
    if (!team || !person) throw unauthorized();
    const { id: personId, nickname, mobile, email, createdAt } = person;
    return { ...team, id: personId, nickname, mobile, email, createdAt };
  });

  route(app, authApi.authSendSmsCode, async (request) => {
    const { scene, captchaVerification } = request.body;
    const destination = destinationOf(request.body);
    if (!app.messenger.available(destination.channel)) {
      const key = destination.channel === 'sms' ? 'auth.smsUnavailable' : 'auth.emailUnavailable';
      throw new BusinessError(AuthErrorCode.ChannelUnavailable, key);
    }
    // Before the captcha and the quotas: nothing is spent on a number the provider cannot reach.
    if (!app.messenger.reaches(destination.channel, destination.to)) {
      const region = mobileRegions(destination.to)[0];
      throw new BusinessError(AuthErrorCode.SmsCountryUnavailable, 'auth.smsCountryUnavailable', {
        country: region ? countryName(region, request.locale) : destination.to,
      });
    }
    await requireCaptcha(app, config, captchaVerification);
    const site = (await getWebsite(app.db, request.hostname)).name[request.locale];
    const outcome = await requestCode(app.db, { destination, scene, ip: request.ip, now: app.now() });
    const message = composeMessage(outcome, { destination, scene, locale: request.locale, site });
    // Same answer whether a code, a notice or nothing went out (no account enumeration).
    if (message) await app.messenger.dispatch(message);
    return true;
  });

  route(app, authApi.authRegister, async (request) => {
    const { code, password, captchaVerification } = request.body;
    await refuseCommonPassword(password);
    await requireCaptcha(app, config, captchaVerification);
    // The member belongs to the substation of the host they register on (decision 0027).
    const site = await siteForHost(app.db, request.hostname);
    return register(app.db, {
      destination: destinationOf(request.body),
      code,
      password,
      siteId: site.id,
      locale: request.locale,
      now: app.now(),
      origin: { userAgent: request.headers['user-agent'] ?? '', ip: request.ip },
    });
  });

  route(app, authApi.authResetPassword, async (request) => {
    const { code, password } = request.body;
    await refuseCommonPassword(password);
    await resetPassword(app.db, {
      destination: destinationOf(request.body),
      code,
      password,
      ip: request.ip,
      now: app.now(),
      revokeCredentials,
      notify,
    });
    return true;
  });

  route(app, authApi.memberUserUpdate, async (request) => {
    await updateNickname(app.db, currentUser(request).memberId, request.body.nickname);
    return true;
  });

  // A sensitive action: with two factors on, the session needs a recent check (decision 0056).
  route(
    app,
    authApi.memberUserUpdatePassword,
    async (request) => {
      const { memberId, sessionId } = currentUser(request);
      const { oldPassword, password, revokeApiTokens } = request.body;
      await refuseCommonPassword(password);
      return changePassword(app.db, {
        userId: memberId,
        sessionId,
        oldPassword,
        password,
        revokeApiTokens,
        now: app.now(),
        locale: request.locale,
        revokeCredentials,
        notify,
      });
    },
    { recentSecondFactor: true },
  );
}
