import { api } from '@portal/shared';
import { callApi, clearSession, isLoggedIn, replaceUserInfo, setSession } from '@portal/shared/browser';

/** SPEC section 4: on start, if logged in, the user info is fetched. A 401 triggers the login-expired reaction. */
export async function refreshUserInfo(): Promise<void> {
  if (!isLoggedIn()) return;
  replaceUserInfo(await callApi(api.memberUserGet));
}

export async function login(
  account: { mobile: string } | { email: string },
  password: string,
  captchaVerification?: string,
): Promise<void> {
  const result = await callApi(api.authLogin, { body: { ...account, password, captchaVerification } });
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
