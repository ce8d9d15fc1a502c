import { authApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/contract.ts';
import { currentUser } from '../../plugins/auth.ts';
import { unauthorized } from '../../plugins/errors.ts';
import { login } from './service.ts';
import { revokeSession } from './sessions.ts';
import { findUserById, toUserInfo } from './users.ts';

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  // captchaVerification is accepted and not checked yet: captcha enforcement is its own issue.
  route(app, authApi.authLogin, (request) => login(app.db, request.body.mobile, request.body.password));

  route(app, authApi.authLogout, async (request) => {
    await revokeSession(app.db, currentUser(request).sessionId);
    return true;
  });

  route(app, authApi.memberUserGet, async (request) => {
    const user = await findUserById(app.db, currentUser(request).id);
    // Deleted between the session check and now: the session cascades away with the user.
    if (!user) throw unauthorized();
    return toUserInfo(user);
  });
}
