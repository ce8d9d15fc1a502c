import { AuthErrorCode, CaptchaErrorCode, captchaApi, ResultCode } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { consume, purgeRateLimits } from '../limits/limits.ts';
import { checkCaptcha, consumeVerification, createCaptcha, purgeCaptchas } from './service.ts';

/** Captchas one address may request per window: rendering costs CPU, and a person needs a few. */
export const CAPTCHA_GET_QUOTA = { limit: 100, windowMs: 10 * 60 * 1000 } as const;

/**
 * The guard of login, register and send-sms-code: with CAPTCHA_ENABLED, a fresh captchaVerification
 * is spent or the call is refused (missing, wrong, expired and reused all look the same).
 */
export async function requireCaptcha(
  app: FastifyInstance,
  config: Pick<Config, 'captchaEnabled'>,
  verification: string | undefined,
): Promise<void> {
  if (!config.captchaEnabled) return;
  if (verification === undefined || !(await consumeVerification(app.db, verification, app.now()))) {
    throw new BusinessError(AuthErrorCode.CaptchaRequired, 'auth.captchaRequired');
  }
}

export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  route(app, captchaApi.captchaGet, async (request) => {
    const now = app.now();
    const quota = await consume(app.db, [{ key: `captcha:ip:${request.ip}`, ...CAPTCHA_GET_QUOTA }], now);
    if (!quota.ok) throw new BusinessError(ResultCode.TooManyRequests, 'error.tooManyRequests');
    // Housekeeping rides on the most frequent call: both deletes use an index on expires_at.
    await purgeCaptchas(app.db, now);
    await purgeRateLimits(app.db, now);
    return createCaptcha(app.db, request.body.captchaType, now);
  });

  route(app, captchaApi.captchaCheck, async (request) => {
    if (!(await checkCaptcha(app.db, request.body, app.now()))) {
      throw new BusinessError(CaptchaErrorCode.VerificationFailed, 'captcha.failed');
    }
    return { result: true as const };
  });
}
