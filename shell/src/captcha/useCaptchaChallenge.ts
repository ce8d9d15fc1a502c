import { useCallback, useState } from 'react';
import { aesEcbEncryptBase64, api, callApi } from '@portal/shared';

export type CaptchaType = 'blockPuzzle' | 'clickWord';
export type CaptchaPoint = { x: number; y: number };
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

  /** Resolves with captchaVerification, or null when the answer was wrong (the challenge is spent). */
  const submit = useCallback(
    async (point: CaptchaPoint | CaptchaPoint[]): Promise<string | null> => {
      if (!challenge) return null;
      const json = JSON.stringify(point);
      const pointJson = await aesEcbEncryptBase64(json, challenge.secretKey);
      try {
        await callApi(
          api.captchaCheck,
          { body: { captchaType: challenge.type, token: challenge.token, pointJson } },
          { silent: true },
        );
      } catch {
        return null;
      }
      return aesEcbEncryptBase64(`${challenge.token}---${json}`, challenge.secretKey);
    },
    [challenge],
  );

  return { challenge, loading, load, submit };
}
