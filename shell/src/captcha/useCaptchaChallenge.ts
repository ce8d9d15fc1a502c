import { useCallback, useState } from 'react';
import { aesEcbEncryptBase64, api, CaptchaErrorCode } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';

export type CaptchaType = 'blockPuzzle' | 'clickWord';
export type CaptchaPoint = { x: number; y: number };
export type SubmitResult = { ok: true; verification: string } | { ok: false; locked: string | null };
type Challenge = NonNullable<Awaited<ReturnType<typeof fetchChallenge>>> & { type: CaptchaType };

const fetchChallenge = (captchaType: CaptchaType) => callApi(api.captchaGet, { body: { captchaType } });

/**
 * One captcha round trip, AJ-Captcha style: fetch a challenge, send the encrypted answer, and on
 * success derive the single-use captchaVerification that login, register and send-code require.
 */
export function useCaptchaChallenge() {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (type: CaptchaType) => {
    setLoading(true);
    try {
      const data = await fetchChallenge(type);
      setChallenge(data ? { ...data, type } : null);
    } finally {
      setLoading(false);
    }
  }, []);

  /**
   * Resolves with captchaVerification, or with a failure (the challenge is spent): `locked` holds the
   * server's message when this address failed too often and must wait.
   */
  const submit = useCallback(
    async (point: CaptchaPoint | CaptchaPoint[]): Promise<SubmitResult> => {
      if (!challenge) return { ok: false, locked: null };
      const json = JSON.stringify(point);
      const pointJson = await aesEcbEncryptBase64(json, challenge.secretKey);
      try {
        await callApi(
          api.captchaCheck,
          { body: { captchaType: challenge.type, token: challenge.token, pointJson } },
          { silent: true },
        );
      } catch (e) {
        const locked = e instanceof ApiError && e.code === CaptchaErrorCode.TooManyFailures ? e.message : null;
        return { ok: false, locked };
      }
      return { ok: true, verification: await aesEcbEncryptBase64(`${challenge.token}---${json}`, challenge.secretKey) };
    },
    [challenge],
  );

  return { challenge, loading, load, submit };
}
