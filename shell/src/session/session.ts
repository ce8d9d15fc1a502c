import { api, isChallenge, type SecondFactorChallenge } from '@portal/shared';
import { callApi, clearSession, isLoggedIn, refreshUserInfo, setSession } from '@portal/shared/browser';

// SPEC section 4: on start, if logged in, the user info is fetched. A 401 triggers the login-expired reaction.
export { refreshUserInfo };

/** Acts on another team of the member from now on: the session's team changes on the server. */
export async function switchTeam(teamId: number): Promise<void> {
  await callApi(api.teamSwitch, { body: { teamId } });
  await refreshUserInfo();
}

/**
 * Logs in with the password: signed in, or (two factors on, decision 0056) the challenge to answer
 * with a code through loginWithSecondFactor.
 */
export async function login(
  account: { mobile: string } | { email: string },
  password: string,
  captchaVerification?: string,
): Promise<SecondFactorChallenge | null> {
  const result = await callApi(api.authLogin, { body: { ...account, password, captchaVerification } });
  if (!result) throw new Error('login returned no token');
  if (isChallenge(result)) return result;
  setSession(result.token);
  await refreshUserInfo();
  return null;
}

/** The second step of a sign-in with two factors on: an authenticator app code or a recovery code. */
export async function loginWithSecondFactor(challenge: string, code: string): Promise<void> {
  const result = await callApi(api.authLoginSecondFactor, { body: { challenge, code } });
  if (!result) throw new Error('login returned no token');
  setSession(result.token);
  await refreshUserInfo();
}

/** Revokes the token on the server when possible; the local session is cleared either way. */
export async function logout(): Promise<void> {
  try {
    if (isLoggedIn()) await callApi(api.authLogout, undefined, { silent: true });
  } catch {
    // an expired or unreachable session is still over locally
  } finally {
    clearSession();
  }
}
