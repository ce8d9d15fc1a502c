import type { CaptchaType } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CaptchaAnswer, captchaChallenges } from './tables.ts';

// Apart from service.ts so the ops CLI does not load the image renderer.
/** The stored answer of a token (ops `captcha answer`), or null when unknown or purged. */
export async function captchaAnswer(db: Db, token: string): Promise<{ type: CaptchaType; answer: CaptchaAnswer } | null> {
  const [row] = await db
    .select({ type: captchaChallenges.type, answer: captchaChallenges.answer })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.token, token))
    .limit(1);
  return row ?? null;
}
