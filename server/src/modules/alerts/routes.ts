import { AlertErrorCode, alertsApi, CODE_TTL_MINUTES, type Locale } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { requestAccountCode, verifyCode } from '../accounts/codes.ts';
import { ServerCodeScene } from '../accounts/tables.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { translateForUnverified } from '../messaging/unverified.ts';
import { getWebsite } from '../system/service.ts';
import {
  getAlertSettings,
  markAlertEmailConfirmed,
  pendingAlertEmail,
  type SendAlertEmailCode,
  updateAlertSettings,
} from './service.ts';

/** The code that confirms an alert address: a fixed text and the code, nothing the user typed (the address is not proven yet). */
export function alertEmailCodeMessage(
  to: string,
  code: string,
  { locale, site }: { locale: Locale; site: string },
): OutgoingMessage {
  const params = { site, code, minutes: CODE_TTL_MINUTES };
  return {
    channel: 'email',
    to,
    kind: 'code',
    code,
    locale,
    subject: translateForUnverified(locale, 'message.alertEmailCode.subject', params),
    text: translateForUnverified(locale, 'message.alertEmailCode', params),
  };
}

/** The caller's alert settings (`/app-api/member/alert-settings/*`); the sending is jobs.ts. */
export async function alertsRoutes(app: FastifyInstance) {
  /** Takes the code limits of the address, the client and the account (throwing their error), then sends the code. */
  const codeSender =
    (request: FastifyRequest, userId: number): SendAlertEmailCode =>
    async (address) => {
      const code = await requestAccountCode(app.db, {
        destination: { channel: 'email', to: address },
        scene: ServerCodeScene.AlertEmail,
        userId,
        ip: request.ip,
        now: app.now(),
      });
      const site = (await getWebsite(app.db, request.hostname)).name[request.locale];
      await app.messenger.dispatch(alertEmailCodeMessage(address, code, { locale: request.locale, site }));
    };

  route(app, alertsApi.alertSettingsGet, (request) => getAlertSettings(app.db, currentUser(request).id));

  route(app, alertsApi.alertSettingsUpdate, async (request) => {
    const userId = currentUser(request).id;
    return updateAlertSettings(app.db, app.now(), userId, request.body, {
      locale: request.locale,
      // Links in alerts start with a configured origin (PUBLIC_BASE_URL or this substation), never the raw Host.
      origin: await app.publicOrigins.of(request),
      // A template-only SMS provider could not say how much is left: refused now, not lost later.
      smsAvailable: app.messenger.available('sms', 'text'),
      emailAvailable: app.messenger.available('email', 'code'),
      sendCode: codeSender(request, userId),
    });
  });

  route(app, alertsApi.alertEmailSendCode, async (request) => {
    const userId = currentUser(request).id;
    const address = await pendingAlertEmail(app.db, userId);
    if (!address) throw new BusinessError(AlertErrorCode.NothingToConfirm, 'alerts.nothingToConfirm');
    if (!app.messenger.available('email', 'code')) {
      throw new BusinessError(AlertErrorCode.EmailUnavailable, 'alerts.emailUnavailable');
    }
    await codeSender(request, userId)(address);
    return getAlertSettings(app.db, userId);
  });

  route(app, alertsApi.alertEmailConfirm, async (request) => {
    const userId = currentUser(request).id;
    const address = await pendingAlertEmail(app.db, userId);
    if (!address) throw new BusinessError(AlertErrorCode.NothingToConfirm, 'alerts.nothingToConfirm');
    const now = app.now();
    // Each check counts against the code (5 at most, atomically): guessing needs new codes, which are limited.
    const right = await verifyCode(app.db, {
      destination: { channel: 'email', to: address },
      scene: ServerCodeScene.AlertEmail,
      owner: userId,
      code: request.body.code,
      now,
    });
    if (!right || !(await markAlertEmailConfirmed(app.db, userId, address, now))) {
      throw new BusinessError(AlertErrorCode.CodeInvalid, 'alerts.codeInvalid');
    }
    return getAlertSettings(app.db, userId);
  });
}
