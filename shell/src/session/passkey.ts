import { api } from '@portal/shared';
import { callApi, setSession } from '@portal/shared/browser';
import { refreshUserInfo } from './session.ts';

/**
 * Signs in with a passkey (decision 0057): without `challenge` as the whole sign-in (no password),
 * with the password step's challenge as its second factor. Opens the session on success.
 */
export async function signInWithPasskey(challenge?: string): Promise<void> {
  const [{ startAuthentication }, asked] = await Promise.all([
    import('@simplewebauthn/browser'),
    callApi(api.authLoginPasskeyOptions, { body: { challenge } }),
  ]);
  if (!asked) throw new Error('no passkey options');
  const credential = await startAuthentication({ optionsJSON: asked.options as never });
  const result = await callApi(api.authLoginPasskey, { body: { challenge, credential } });
  if (!result) throw new Error('login returned no token');
  setSession(result.token);
  await refreshUserInfo();
}
