import { LeadErrorCode, leadApi, leadContactChannel, localizeContractMessage } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { invalidField } from '../../plugins/validation.ts';
import { maskEmail, maskMobile } from '../accounts/mask.ts';
import { requireCaptcha } from '../captcha/routes.ts';
import { sendDueConfirmations } from './confirmations.ts';
import { accountContact, createLead, takeLeadQuota } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Waits for the confirmations the create route started after answering (shutdown, tests). */
    settleLeadConfirmations: () => Promise<void>;
  }
}

/**
 * POST /app-api/ip/custom-plan-lead/create (decision 0028). Everyone passes the captcha, members
 * too: the form makes the portal write to any address typed into it, and a session is no proof that
 * a person is filling it in. The quotas of the address and the contact are taken after the captcha,
 * all or none.
 */
async function leads(app: FastifyInstance, { config }: { config: Pick<Config, 'captchaEnabled' | 'sandbox'> }) {
  const pending = new Set<Promise<unknown>>();
  app.decorate('settleLeadConfirmations', async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  });
  app.addHook('onClose', async () => app.settleLeadConfirmations());

  route(app, leadApi.leadCreate, async (request) => {
    const body = request.body;
    const userId = request.user?.id ?? null;
    const contact = body.contact || (userId !== null ? await accountContact(app.db, userId) : null);
    if (!contact) {
      throw invalidField('contact', {
        en: localizeContractMessage('validation.leadContactRequired', 'en'),
        'zh-CN': localizeContractMessage('validation.leadContactRequired', 'zh-CN'),
      });
    }
    const channel = leadContactChannel(contact);
    if (!app.messenger.available(channel, 'text') || !app.messenger.reaches(channel, contact)) {
      throw new BusinessError(
        LeadErrorCode.ChannelUnavailable,
        channel === 'sms' ? 'lead.smsUnavailable' : 'lead.emailUnavailable',
      );
    }
    await requireCaptcha(app, config, body.captchaVerification);
    const now = app.now();
    const quota = await takeLeadQuota(app.db, { ip: request.ip, contact }, now);
    if (!quota.ok) {
      throw new BusinessError(LeadErrorCode.TooManyRequests, 'lead.tooMany', {
        minutes: Math.max(1, Math.ceil(quota.retryAfterMs / 60_000)),
      });
    }
    const { id } = await createLead(
      app.db,
      {
        company: body.company,
        contactName: body.contactName,
        contact,
        channel,
        volume: body.volume,
        useCase: body.useCase,
        message: body.message,
        locale: request.locale,
        host: request.hostname,
        userId,
        ip: request.ip,
      },
      now,
    );
    // Sent after the answer; the job retries whatever this attempt does not deliver. The sandbox
    // outbox is written before the answer (as codes are), so the user and tests find it at once.
    const delivery = sendDueConfirmations(app, { id }).catch((err: unknown) =>
      app.log.error({ err, lead: id }, 'lead confirmation attempt failed; the job retries it'),
    );
    if (config.sandbox) await delivery;
    else {
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    }
    return { id, channel, to: channel === 'sms' ? maskMobile(contact) : maskEmail(contact) };
  });
}

/** Not encapsulated: app.settleLeadConfirmations is for whoever closes the app. */
export const leadsRoutes = fp(leads, { name: 'leads', dependencies: ['messaging'] });
