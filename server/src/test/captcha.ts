import type { CaptchaGetResult, CaptchaType } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { aesEcbEncrypt } from '../modules/captcha/aes.ts';
import { captchaAnswer } from '../modules/captcha/answer.ts';
import { MIN_SOLVE_MS, SLIDER_Y } from '../modules/captcha/service.ts';
import { captchaChallenges } from '../modules/captcha/tables.ts';

/** The client address of a request (`remoteAddress` of inject); fastify's default is 127.0.0.1. */
type From = { ip?: string };
const from = ({ ip }: From) => (ip ? { remoteAddress: ip } : {});

/** What a browser does: `captcha/get`, then `captcha/check` with the (encrypted) point(s). */
export async function getCaptcha(
  app: FastifyInstance,
  captchaType: CaptchaType = 'blockPuzzle',
  opts: From = {},
): Promise<CaptchaGetResult> {
  const res = await app.inject({ method: 'POST', url: '/app-api/system/captcha/get', payload: { captchaType }, ...from(opts) });
  const body = res.json();
  if (body.code !== 0) throw new Error(`captcha/get failed: ${res.body}`);
  return body.data;
}

export async function checkCaptcha(
  app: FastifyInstance,
  captcha: CaptchaGetResult,
  captchaType: CaptchaType,
  point: unknown,
  opts: From = {},
) {
  const pointJson = aesEcbEncrypt(JSON.stringify(point), captcha.secretKey);
  return app.inject({
    method: 'POST',
    url: '/app-api/system/captcha/check',
    payload: { captchaType, token: captcha.token, pointJson },
    headers: { 'accept-language': 'en' },
    ...from(opts),
  });
}

/** The captchaVerification the client computes after a successful check of `point`. */
export const verificationFor = (captcha: CaptchaGetResult, point: unknown) =>
  aesEcbEncrypt(`${captcha.token}---${JSON.stringify(point)}`, captcha.secretKey);

/**
 * Moves a challenge's `get` back by the time a person needs to answer it (MIN_SOLVE_MS), for tests
 * whose clock does not move: as if the person had taken that long.
 */
export async function takeTimeToSolve(app: FastifyInstance, captcha: CaptchaGetResult, type: CaptchaType): Promise<void> {
  await app.db
    .update(captchaChallenges)
    .set({ createdAt: sql`${captchaChallenges.createdAt} - make_interval(secs => ${MIN_SOLVE_MS[type] / 1000})` })
    .where(eq(captchaChallenges.token, captcha.token));
}

/** Solves a slider captcha with its stored answer and returns a fresh captchaVerification. */
export async function passCaptcha(app: FastifyInstance, opts: From = {}): Promise<string> {
  const captcha = await getCaptcha(app, 'blockPuzzle', opts);
  const stored = await captchaAnswer(app.db, captcha.token);
  if (!stored || Array.isArray(stored.answer)) throw new Error('no slider answer stored');
  const point = { x: stored.answer.x, y: SLIDER_Y };
  await takeTimeToSolve(app, captcha, 'blockPuzzle');
  const res = await checkCaptcha(app, captcha, 'blockPuzzle', point, opts);
  if (res.json().code !== 0) throw new Error(`captcha/check failed: ${res.body}`);
  return verificationFor(captcha, point);
}
