import { AuthErrorCode, type LoginResult, VerificationScene } from '@portal/shared';
import { changed, rowChanged } from '../../cache/invalidation.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { clearFailures, type FailureRule, lockedFor, releaseFailure, reserveFailure } from '../limits/limits.ts';
import { type Destination, verifyCode } from './codes.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';
import { createSession, pruneSessions, revokeUserSessions } from './sessions.ts';
import { memberUsers } from './tables.ts';
import { AccountExistsError, createUser, findUserById, findUserByLogin } from './users.ts';

const MINUTE_MS = 60 * 1000;

/**
 * Failed logins: 5 within 15 minutes lock the login id for 15 minutes. Keyed by the login id as
 * typed, not by user, so an unknown mobile locks exactly like a real one (no enumeration).
 */
export const LOGIN_ID_RULE = { limit: 5, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;
/** Failed logins from one client address: 30 within 15 minutes lock it out for 15 minutes. */
export const LOGIN_IP_RULE = { limit: 30, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;
/** Wrong current passwords at update-password: 5 within 15 minutes lock the change for 15 minutes. */
export const OLD_PASSWORD_RULE = { limit: 5, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;

const loginIdKey = (login: Destination) => `login:id:${login.channel}:${login.to}`;
const loginIpKey = (ip: string) => `login:ip:${ip}`;
const oldPasswordKey = (userId: number) => `password:user:${userId}`;

// One error for an unknown login id and a wrong password, so a caller cannot tell which numbers
// have an account.
const loginFailed = () => new BusinessError(AuthErrorCode.LoginFailed, 'auth.loginFailed');
const codeInvalid = () => new BusinessError(AuthErrorCode.CodeInvalid, 'auth.codeInvalid');
const tooManyAttempts = (ms: number) =>
  new BusinessError(AuthErrorCode.TooManyAttempts, 'auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(ms / MINUTE_MS)) });

async function openSession(db: Db, userId: number, now: Date): Promise<LoginResult> {
  await pruneSessions(db, userId, now);
  const session = await createSession(db, userId, now);
  return { token: session.token, expiresAt: session.expiresAt.getTime() };
}

export interface LoginInput {
  login: Destination;
  password: string;
  ip: string;
  now?: Date;
  /** Runs after the lockout check and before the password check: the captcha guard. */
  beforeVerify?: () => Promise<void>;
}

/**
 * Checks login id and password and opens a session. Refused while the login id or the client
 * address is locked (too many failures); each failure counts for both. The failure is counted
 * before the password is checked (a reserved slot, atomic in PostgreSQL) and given back on success,
 * so parallel guesses never get more checks than the limits allow.
 */
export async function login(db: Db, { login, password, ip, now = new Date(), beforeVerify }: LoginInput): Promise<LoginResult> {
  const idRule: FailureRule = { key: loginIdKey(login), ...LOGIN_ID_RULE };
  const ipRule: FailureRule = { key: loginIpKey(ip), ...LOGIN_IP_RULE };
  // Cheap early answer, so a locked id does not spend the caller's captcha.
  const locked = await lockedFor(db, [idRule.key, ipRule.key], now);
  if (locked > 0) throw tooManyAttempts(locked);
  await beforeVerify?.();
  // After the captcha: a request without one must not use up the owner's attempts.
  const reservation = await reserveFailure(db, [idRule, ipRule], now);
  if (!reservation.ok) throw tooManyAttempts(reservation.lockedMs);

  const user = await findUserByLogin(db, login);
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !ok) throw loginFailed(); // the reserved slots stay counted as failures
  await clearFailures(db, idRule.key);
  for (const slot of reservation.slots) if (slot.key === ipRule.key) await releaseFailure(db, slot);
  if (needsRehash(user.passwordHash)) {
    // The only moment the plain password is at hand: move the hash to today's parameters.
    await db
      .update(memberUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(memberUsers.id, user.id));
  }
  return openSession(db, user.id, now);
}

/**
 * Creates the account of a destination with the register code sent to it, and logs it in. An
 * existing account gets the code error: no code was ever sent for it (it got a notice instead).
 */
export async function register(
  db: Db,
  {
    destination,
    code,
    password,
    siteId,
    now = new Date(),
  }: { destination: Destination; code: string; password: string; siteId?: number; now?: Date },
): Promise<LoginResult> {
  if (!(await verifyCode(db, { destination, scene: VerificationScene.Register, code, now }))) throw codeInvalid();
  try {
    const user = await createUser(
      db,
      destination.channel === 'sms'
        ? { mobile: destination.to, password, ...(siteId !== undefined && { siteId }) }
        : { email: destination.to, password, ...(siteId !== undefined && { siteId }) },
    );
    return await openSession(db, user.id, now);
  } catch (err) {
    // Registered by someone else since the code was sent.
    if (err instanceof AccountExistsError) throw codeInvalid();
    throw err;
  }
}

/** Sets a new password with the reset code; ends every session of the user and any login lockout. */
export async function resetPassword(
  db: Db,
  { destination, code, password, now = new Date() }: { destination: Destination; code: string; password: string; now?: Date },
): Promise<void> {
  if (!(await verifyCode(db, { destination, scene: VerificationScene.ResetPassword, code, now }))) throw codeInvalid();
  const user = await findUserByLogin(db, destination);
  if (!user) throw codeInvalid(); // deleted since the code was sent
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(memberUsers).set({ passwordHash }).where(eq(memberUsers.id, user.id));
    await revokeUserSessions(tx, user.id, now);
  });
  // Committed: this instance drops its cached sessions at once (the others are notified).
  changed(db, 'sessions');
  await clearFailures(db, loginIdKey(destination));
}

/**
 * Changes the password of a logged-in user who knows the current one; ends their other sessions
 * (the one making the change stays). Wrong current passwords are limited like logins.
 */
export async function changePassword(
  db: Db,
  {
    userId,
    sessionId,
    oldPassword,
    password,
    now = new Date(),
  }: { userId: number; sessionId: number; oldPassword: string; password: string; now?: Date },
): Promise<void> {
  const rule: FailureRule = { key: oldPasswordKey(userId), ...OLD_PASSWORD_RULE };
  const user = await findUserById(db, userId);
  if (!user) throw new BusinessError(AuthErrorCode.OldPasswordIncorrect, 'auth.oldPasswordIncorrect');
  // Counted before the check (atomic), cleared on success: parallel guesses cannot outrun the limit.
  const reservation = await reserveFailure(db, [rule], now);
  if (!reservation.ok) throw tooManyAttempts(reservation.lockedMs);
  if (!(await verifyPassword(oldPassword, user.passwordHash))) {
    throw new BusinessError(AuthErrorCode.OldPasswordIncorrect, 'auth.oldPasswordIncorrect');
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(memberUsers).set({ passwordHash }).where(eq(memberUsers.id, userId));
    await revokeUserSessions(tx, userId, now, sessionId);
  });
  changed(db, 'sessions');
  await clearFailures(db, rule.key);
}

export async function updateNickname(db: Db, userId: number, nickname: string): Promise<void> {
  await db.update(memberUsers).set({ nickname }).where(eq(memberUsers.id, userId));
  // The next member-user/get of this user may come before the notification does.
  rowChanged(db, 'member', userId);
}
