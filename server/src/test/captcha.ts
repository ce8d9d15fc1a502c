import type { CaptchaGetResult, CaptchaType } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { captchaAnswer } from '../modules/captcha/answer.ts';
import { aesEcbEncrypt } from '../modules/captcha/aes.ts';

/** What a browser does: `captcha/get`, then `captcha/check` with the (encrypted) point(s). */
export async function getCaptcha(app: FastifyInstance, captchaType: CaptchaType = 'blockPuzzle'): Promise<CaptchaGetResult> {
  const res = await app.inject({ method: 'POST', url: '/app-api/system/captcha/get', payload: { captchaType } });
  const body = res.json();
  if (body.code !== 0) throw new Error(`captcha/get failed: ${res.body}`);
  return body.data;
}

export async function checkCaptcha(app: FastifyInstance, captcha: CaptchaGetResult, captchaType: CaptchaType, point: unknown) {
  const pointJson = aesEcbEncrypt(JSON.stringify(point), captcha.secretKey);
  return app.inject({
    method: 'POST',
    url: '/app-api/system/captcha/check',
    payload: { captchaType, token: captcha.token, pointJson },
    headers: { 'accept-language': 'en' },
  });
}

/** The captchaVerification the client computes after a successful check of `point`. */
export const verificationFor = (captcha: CaptchaGetResult, point: unknown) =>
  aesEcbEncrypt(`${captcha.token}---${JSON.stringify(point)}`, captcha.secretKey);

/** Solves a slider captcha with its stored answer and returns a fresh captchaVerification. */
export async function passCaptcha(app: FastifyInstance): Promise<string> {
  const captcha = await getCaptcha(app, 'blockPuzzle');
  const stored = await captchaAnswer(app.db, captcha.token);
  if (!stored || Array.isArray(stored.answer)) throw new Error('no slider answer stored');
  const point = { x: stored.answer.x, y: 5 };
  const res = await checkCaptcha(app, captcha, 'blockPuzzle', point);
  if (res.json().code !== 0) throw new Error(`captcha/check failed: ${res.body}`);
  return verificationFor(captcha, point);
}
