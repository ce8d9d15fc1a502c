import { api } from '../contract/index.ts';
import { callApi } from '../http/client.ts';
import { isLoggedIn, replaceUserInfo } from './auth.ts';

/**
 * Fetches what the store knows of the signed-in member: the person with the active team's figures,
 * and their role there (decision 0053). On start (SPEC section 4), after signing in, and after the
 * session moves to another team (switch, join, leave).
 */
export async function refreshUserInfo(): Promise<void> {
  if (!isLoggedIn()) return;
  const [info, team] = await Promise.all([callApi(api.memberUserGet), callApi(api.teamContext)]);
  replaceUserInfo(info && { ...info, team });
}
