import { z } from 'zod';
import { defineApi } from './define.ts';
import { exactText } from './primitives.ts';

/**
 * The security verification of login, register and send-sms-code, in the AJ-Captcha shape: `get`
 * hands out a picture, a token and a per-token AES key; the browser sends the solution encrypted
 * with that key to `check`; the proof of a passed check (`captchaVerification`) then goes with the
 * protected call. Images are PNG rendered by the server; the answer never leaves it.
 */

/** Business codes of the captcha (yudao system module `1_002_NNN_NNN`). */
export const CaptchaErrorCode = {
  /** Wrong solution, unknown, expired or already checked token: the token is spent, get a new one. */
  VerificationFailed: 1_002_000_004,
  /** Too many failed checks from this address (10 in 15 minutes): checks are refused for a while; msg says how long. */
  TooManyFailures: 1_002_000_005,
} as const;

/** blockPuzzle: drag the piece into the hole; clickWord: click the characters of wordList in order. */
export const captchaType = z.enum(['blockPuzzle', 'clickWord']);
export type CaptchaType = z.output<typeof captchaType>;

/** Size of the background image in image pixels; points are given in this coordinate system. */
export const CAPTCHA_WIDTH = 310;
export const CAPTCHA_HEIGHT = 155;

export const captchaGetBody = z.object({ captchaType });
export type CaptchaGetBody = z.input<typeof captchaGetBody>;

export const captchaGetResult = z.object({
  /** Identifies this challenge in check (lives 2 minutes, can be checked once). */
  token: z.string(),
  /** 16 ASCII characters: the AES-128 key (UTF-8 bytes) for pointJson and captchaVerification. */
  secretKey: z.string().length(16),
  /** The background PNG, base64 without a `data:` prefix, CAPTCHA_WIDTH x CAPTCHA_HEIGHT. */
  originalImageBase64: z.string(),
  /** blockPuzzle: the piece PNG (transparent around it), as high as the background; null for clickWord. */
  jigsawImageBase64: z.string().nullable(),
  /** clickWord: the characters to click, in order; null for blockPuzzle. */
  wordList: z.array(z.string()).nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CaptchaGetResult = z.output<typeof captchaGetResult>;

export const captchaCheckBody = z.object({
  captchaType,
  token: exactText(64).min(1),
  /**
   * base64(AES-128-ECB/PKCS7(JSON.stringify(point), utf8(secretKey))). blockPuzzle: `{ x, y }`, x =
   * left edge of the piece image in image pixels, y = 5 (AJ-Captcha's constant: the piece image is as
   * high as the background); clickWord: `[{ x, y }, ...]` in click order, image pixels. Answers
   * sooner than a person can give them (0.5 s after `get` for the slider, 1 s for clicks) fail.
   */
  pointJson: exactText(4096).min(1),
});
export type CaptchaCheckBody = z.input<typeof captchaCheckBody>;

/**
 * On success. The client then computes captchaVerification = base64(AES-128-ECB/PKCS7(token + '---'
 * + JSON.stringify(point), secretKey)) with the same point string: single use, valid 3 minutes.
 */
export const captchaCheckResult = z.object({ result: z.literal(true) });
export type CaptchaCheckResult = z.output<typeof captchaCheckResult>;

export const captchaApi = {
  captchaGet: defineApi({
    method: 'POST',
    path: '/app-api/system/captcha/get',
    summary: 'A new captcha: PNG images, token and AES key (AJ-Captcha shape)',
    tags: ['captcha'],
    auth: false,
    body: captchaGetBody,
    data: captchaGetResult,
  }),
  captchaCheck: defineApi({
    method: 'POST',
    path: '/app-api/system/captcha/check',
    summary: 'Check the encrypted solution of a captcha once; success allows a captchaVerification',
    tags: ['captcha'],
    auth: false,
    body: captchaCheckBody,
    data: captchaCheckResult,
  }),
};
