import { AuthErrorCode, CaptchaErrorCode, captchaApi, ResultCode } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import { route } from '../../plugins/contract.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { consume, type FailureRule, purgeRateLimits, releaseFailure, reserveFailure } from '../limits/limits.ts';
import { checkCaptcha, consumeVerification, createCaptcha, purgeCaptchas } from './service.ts';

/** Captchas one address may request per window: rendering costs CPU, and a person needs a few. */
export const CAPTCHA_GET_QUOTA = { limit: 100, windowMs: 10 * 60 * 1000 } as const;
/**
 * Failed checks from one address: 10 within 15 minutes lock its checks for 15 minutes. A blind
 * slider guess passes 11 times in 175 (±5 px over the positions the piece can take), so a guesser
 * gets about 0.7 passes per address per quarter hour instead of one every 16 tries; a person rarely
 * fails 10 in a row.
 */
export const CAPTCHA_CHECK_FAILURE_RULE = { limit: 10, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 } as const;
const MINUTE_MS = 60 * 1000;

/**
 * The guard of login, register and send-sms-code: with CAPTCHA_ENABLED, a fresh captchaVerification
 * is spent or the call is refused (missing, wrong, expired and reused all look the same). `force`
 * asks for one even with CAPTCHA_ENABLED=false (a login id under attack, decision 0030).
 */
export async function requireCaptcha(
  app: FastifyInstance,
  config: Pick<Config, 'captchaEnabled'>,
  verification: string | undefined,
  force = false,
): Promise<void> {
  if (!config.captchaEnabled && !force) return;
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
    const now = app.now();
    // Counted as a failure before the check (atomic), given back on success: parallel guesses from
    // one address get at most the limit's worth of checks.
    const rule: FailureRule = { key: `captcha:fail:${request.ip}`, ...CAPTCHA_CHECK_FAILURE_RULE };
    const reservation = await reserveFailure(app.db, [rule], now);
    if (!reservation.ok) {
      throw new BusinessError(CaptchaErrorCode.TooManyFailures, 'captcha.tooManyFailures', {
        minutes: Math.max(1, Math.ceil(reservation.lockedMs / MINUTE_MS)),
      });
    }
    if (!(await checkCaptcha(app.db, request.body, now))) {
      throw new BusinessError(CaptchaErrorCode.VerificationFailed, 'captcha.failed');
    }
    for (const slot of reservation.slots) await releaseFailure(app.db, slot);
    return { result: true as const };
  });
}
