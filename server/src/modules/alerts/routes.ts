import { alertsApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { getAlertSettings, updateAlertSettings } from './service.ts';

/** The caller's alert settings (`/app-api/member/alert-settings/*`); the sending is jobs.ts. */
export async function alertsRoutes(app: FastifyInstance) {
  route(app, alertsApi.alertSettingsGet, (request) => getAlertSettings(app.db, currentUser(request).id));
  route(app, alertsApi.alertSettingsUpdate, async (request) =>
    updateAlertSettings(app.db, app.now(), currentUser(request).id, request.body, {
      locale: request.locale,
      // Links in alerts start with a configured origin (PUBLIC_BASE_URL or this substation), never the raw Host.
      origin: await app.publicOrigins.of(request),
      // A template-only SMS provider could not say how much is left: refused now, not lost later.
      smsAvailable: app.messenger.available('sms', 'text'),
    }),
  );
}
