import { API_TOKEN_PREFIX, type TeamRole } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession } from '../modules/accounts/sessions.ts';
import { isApiPath, notAuthorised, unauthorized } from './errors.ts';

/**
 * The logged-in member behind a request. `id` is the account (team) whose data the request reads
 * and changes (balance, orders, IPs, sub-accounts, certification): the session's active team;
 * `memberId` is the person who signed in, owner of what is personal (password, sessions, sign-in
 * history, second factors). They are equal in one's own team (decision 0053).
 */
export interface AuthUser {
  id: number;
  memberId: number;
  /** The session the token belongs to (logout revokes exactly this one). */
  sessionId: number;
  /** The signed-in person's role in the team `id` (decision 0054); route() checks it against the route's rule. */
  role: TeamRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from `Authorization: Bearer <token>` on API calls; null when absent, unknown, expired or revoked. */
    user: AuthUser | null;
    /** The bearer token was a personal API token (npt_…), which /app-api never accepts as a login. */
    apiTokenBearer: boolean;
  }
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 9110), or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/**
 * The user of a route declared `auth: true`. route() has already run app.authenticate, so a null
 * here is a programming error turned into the safe answer (log in again), not a crash. A request
 * that brought a personal API token instead of a session is "not authorised" (1006000000).
 */
export function currentUser(request: Pick<FastifyRequest, 'user'> & { apiTokenBearer?: boolean }): AuthUser {
  if (!request.user) throw request.apiTokenBearer ? notAuthorised('error.apiTokenNotForPortal') : unauthorized();
  return request.user;
}

/**
 * Resolves the bearer token of every API call to `request.user` (so public calls can personalise
 * too) and provides `app.authenticate`, the preHandler route() puts in front of `auth: true`
 * entries: body code 401 with the localized "login expired" message when there is no live session.
 * Page and asset requests skip the lookup: they never use it.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('apiTokenBearer', false);
    // A callback hook: most requests (pages, files, calls without a token) settle it at once, and only
    // a session lookup makes a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isApiPath(request.url)) return done();
      const token = bearerToken(request.headers.authorization);
      // A personal API token (npt_…) opens /api/v1/ only, never the user centre (decision 0022);
      // the session lookup could not match it anyway (other length), this says so outright.
      if (!token) return done();
      if (token.startsWith(API_TOKEN_PREFIX)) {
        request.apiTokenBearer = true;
        return done();
      }
      resolveSession(app.db, token, app.now()).then((session) => {
        request.user = session && {
          id: session.teamId,
          memberId: session.userId,
          sessionId: session.sessionId,
          role: session.role,
        };
        done();
      }, done);
    });
    // A personal API token is a real credential that lacks this permission: "not authorised"
    // (1006000000), not "log in again" (401), so a script using one is told what is wrong.
    app.decorate('authenticate', async (request: FastifyRequest) => {
      currentUser(request);
    });
  },
  { name: 'auth', dependencies: ['database', 'errors'] },
);
