import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaCheckBody, captchaGetBody, captchaGetResult } from './captcha.ts';
import { api } from './index.ts';

describe('captcha contract', () => {
  it('registers get and check in the AJ-Captcha paths', () => {
    expect(api.captchaGet).toMatchObject({ method: 'POST', path: '/app-api/system/captcha/get', auth: false });
    expect(api.captchaCheck).toMatchObject({ method: 'POST', path: '/app-api/system/captcha/check', auth: false });
    expect([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]).toEqual([310, 155]);
  });

  it('knows the two captcha types', () => {
    expect(captchaGetBody.safeParse({ captchaType: 'blockPuzzle' }).success).toBe(true);
    expect(captchaGetBody.safeParse({ captchaType: 'clickWord' }).success).toBe(true);
    expect(captchaGetBody.safeParse({ captchaType: 'rotatePuzzle' }).success).toBe(false);
  });

  it('describes the get result and the check body', () => {
    const result = {
      token: 'a'.repeat(32),
      secretKey: 'ABCDEFGHabcdefgh',
      originalImageBase64: 'iVBORw0KGgo=',
      jigsawImageBase64: null,
      wordList: ['天', '地', '人', '和'],
      width: 310,
      height: 155,
    };
    expect(captchaGetResult.parse(result)).toEqual(result);
    expect(captchaGetResult.safeParse({ ...result, secretKey: 'short' }).success).toBe(false);
    expect(captchaCheckBody.safeParse({ captchaType: 'clickWord', token: 't', pointJson: 'p' }).success).toBe(true);
    expect(captchaCheckBody.safeParse({ captchaType: 'clickWord', token: '', pointJson: 'p' }).success).toBe(false);
  });
});
