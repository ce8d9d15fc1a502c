import { sessionApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession, setNewDeviceNotice, signInPage } from './sign-ins.ts';

/** The member's devices, sign-in history and new-device message setting (docs/decisions/0052). */
export function sessionRoutes(app: FastifyInstance): void {
  route(app, sessionApi.memberSessionList, (request) => {
    const { memberId, sessionId } = currentUser(request);
    return listSessions(app.db, memberId, sessionId, app.now());
  });

  // The current session's id signs this device out: the same as logout.
  route(app, sessionApi.memberSessionRevoke, async (request) => {
    await revokeOwnSession(app.db, currentUser(request).memberId, request.body.id, app.now());
    return true;
  });

  route(app, sessionApi.memberSessionRevokeOthers, (request) => {
    const { memberId, sessionId } = currentUser(request);
    return revokeOtherSessions(app.db, memberId, sessionId, app.now());
  });

  route(app, sessionApi.memberSignInPage, (request) =>
    signInPage(app.db, currentUser(request).memberId, request.query, app.now()),
  );

  route(app, sessionApi.memberNewDeviceNoticeUpdate, async (request) => {
    await setNewDeviceNotice(app.db, currentUser(request).memberId, request.body.enabled);
    return true;
  });
}
