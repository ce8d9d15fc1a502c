import { createHash, randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, type CaptchaCheckBody, type CaptchaGetResult, type CaptchaType } from '@portal/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { aesEcbDecrypt, aesEcbEncrypt } from './aes.ts';
import { renderBlockPuzzle, renderClickWord } from './render.ts';
import { type CaptchaAnswer, captchaChallenges } from './tables.ts';

/** A challenge can be checked within 2 minutes of `get`, once. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
/** The captchaVerification of a passed check is good for 3 minutes, once. */
export const VERIFICATION_TTL_MS = 3 * 60 * 1000;
/** Slider: the piece's left edge may be off by this many image pixels. */
export const SLIDER_TOLERANCE = 5;
/**
 * Slider: the y every client sends. As in AJ-Captcha, the piece image is as high as the background,
 * so the expected y is this constant; an answer with another y did not come from the widget.
 */
export const SLIDER_Y = 5;
/**
 * The quickest a person answers after `get`: load the picture, find the hole (or the characters),
 * drag (or click four times). A faster answer is a script's; it fails and spends the token.
 */
export const MIN_SOLVE_MS: Record<CaptchaType, number> = { blockPuzzle: 500, clickWord: 1000 };
/** clickWord: each click may be off by this many image pixels, on each axis separately. */
export const CLICK_TOLERANCE = 25;
/** Rows are deleted this long after their challenge expired (every verification has expired by then). */
const PURGE_AFTER_MS = 10 * 60 * 1000;

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function secretKey(): string {
  let key = '';
  for (let i = 0; i < 16; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Renders a captcha of the type, stores its answer, and returns what the browser needs. */
export async function createCaptcha(db: Db, type: CaptchaType, now: Date): Promise<CaptchaGetResult> {
  const token = randomBytes(16).toString('hex');
  const key = secretKey();
  let answer: CaptchaAnswer;
  let result: Omit<CaptchaGetResult, 'token' | 'secretKey'>;
  if (type === 'blockPuzzle') {
    const images = renderBlockPuzzle();
    answer = images.answer;
    result = {
      originalImageBase64: images.background.toString('base64'),
      jigsawImageBase64: images.piece.toString('base64'),
      wordList: null,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
    };
  } else {
    const image = renderClickWord();
    answer = image.answer;
    result = {
      originalImageBase64: image.background.toString('base64'),
      jigsawImageBase64: null,
      wordList: image.words,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
    };
  }
  await db.insert(captchaChallenges).values({
    token,
    type,
    secretKey: key,
    answer,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { token, secretKey: key, ...result };
}

const point = z.object({ x: z.number().finite(), y: z.number().finite() });

/** Whether the decrypted point(s) solve the challenge. */
export function solves(type: CaptchaType, answer: CaptchaAnswer, plaintext: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(plaintext);
  } catch {
    return false;
  }
  if (type === 'blockPuzzle') {
    const given = point.safeParse(value);
    return (
      !Array.isArray(answer) &&
      given.success &&
      Math.abs(given.data.x - answer.x) <= SLIDER_TOLERANCE &&
      Math.round(given.data.y) === SLIDER_Y
    );
  }
  const given = z.array(point).safeParse(value);
  if (!Array.isArray(answer) || !given.success || given.data.length !== answer.length) return false;
  return answer.every((target, i) => {
    const click = given.data[i];
    return !!click && Math.abs(click.x - target.x) <= CLICK_TOLERANCE && Math.abs(click.y - target.y) <= CLICK_TOLERANCE;
  });
}

/**
 * Checks a solution. The token is claimed first (one atomic UPDATE): whatever the outcome, it can
 * never be checked again, so guessing costs a new captcha each time. An answer sooner than
 * MIN_SOLVE_MS after `get` fails. On success the expected captchaVerification (AES of
 * `token---<the point JSON as sent>`) is stored hashed for consumeVerification.
 */
export async function checkCaptcha(db: Db, body: CaptchaCheckBody, now: Date): Promise<boolean> {
  const [row] = await db
    .update(captchaChallenges)
    .set({ checkedAt: now })
    .where(
      and(eq(captchaChallenges.token, body.token), isNull(captchaChallenges.checkedAt), gt(captchaChallenges.expiresAt, now)),
    )
    .returning({
      type: captchaChallenges.type,
      secretKey: captchaChallenges.secretKey,
      answer: captchaChallenges.answer,
      createdAt: captchaChallenges.createdAt,
    });
  if (!row || row.type !== body.captchaType) return false;
  if (now.getTime() - row.createdAt.getTime() < MIN_SOLVE_MS[row.type]) return false;
  const plaintext = aesEcbDecrypt(body.pointJson, row.secretKey);
  if (plaintext === null || !solves(body.captchaType, row.answer, plaintext)) return false;
  const verification = aesEcbEncrypt(`${body.token}---${plaintext}`, row.secretKey);
  await db
    .update(captchaChallenges)
    .set({ verificationHash: sha256(verification), verificationExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) })
    .where(eq(captchaChallenges.token, body.token));
  return true;
}

/** Spends a captchaVerification: true exactly once per passed check, within its 3 minutes. */
export async function consumeVerification(db: Db, verification: string, now: Date): Promise<boolean> {
  if (verification === '') return false;
  const rows = await db
    .update(captchaChallenges)
    .set({ verificationUsedAt: now })
    .where(
      and(
        eq(captchaChallenges.verificationHash, sha256(verification)),
        isNull(captchaChallenges.verificationUsedAt),
        gt(captchaChallenges.verificationExpiresAt, now),
      ),
    )
    .returning({ token: captchaChallenges.token });
  return rows.length === 1;
}

/** Deletes challenges that expired over 10 minutes ago (their verifications are dead too). */
export async function purgeCaptchas(db: Db, now: Date): Promise<void> {
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, new Date(now.getTime() - PURGE_AFTER_MS)));
}
