import { AuthErrorCode, type LoginResult } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';
import { createSession, pruneSessions } from './sessions.ts';
import { memberUsers } from './tables.ts';
import { findUserByMobile } from './users.ts';

// One error for an unknown mobile and a wrong password, so a caller cannot tell which numbers have
// an account.
const loginFailed = () => new BusinessError(AuthErrorCode.LoginFailed, 'auth.loginFailed');

/** Checks mobile and password and opens a session. */
export async function login(db: Db, mobile: string, password: string, now = new Date()): Promise<LoginResult> {
  const user = await findUserByMobile(db, mobile);
  if (!user) {
    await verifyAgainstDummy(password);
    throw loginFailed();
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw loginFailed();
  if (needsRehash(user.passwordHash)) {
    // The only moment the plain password is at hand: move the hash to today's parameters.
    await db
      .update(memberUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(memberUsers.id, user.id));
  }
  await pruneSessions(db, user.id, now);
  const session = await createSession(db, user.id, now);
  return { token: session.token, expiresAt: session.expiresAt.getTime() };
}
