import { setTimeout as sleep } from 'node:timers/promises';
import {
  AuthErrorCode,
  CaptchaErrorCode,
  type Locale,
  type LoginOutcome,
  type LoginResult,
  type SecondFactorChallenge,
  type PasswordChangeResult,
  VerificationScene,
} from '@portal/shared';
import { and, eq, ne } from 'drizzle-orm';
import { changed, rowChanged } from '../../cache/invalidation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import {
  addressKey,
  clearFailures,
  consume,
  type FailureCounter,
  type FailureRule,
  failureCount,
  lockedFor,
  releaseFailure,
  reserveFailure,
} from '../limits/limits.ts';
import { type Destination, verifyCode } from './codes.ts';
import type { Notify } from './notices.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';
import { createSession, pruneSessions, revokeUserSessions, type SessionOrigin } from './sessions.ts';
import { recordSignIn, recordSuccess } from './sign-ins.ts';
import { memberUsers } from './tables.ts';
import { AccountExistsError, createUser, findUserById, findUserByLogin, type MemberUser } from './users.ts';

const MINUTE_MS = 60 * 1000;

/**
 * The login lockout policy (docs/decisions/0030-lockout-policy.md). Every count is keyed by the
 * login id as typed, not by the user, so an unknown mobile answers exactly like a real one (no
 * enumeration), and client addresses are counted per IPv6 /64 (`addressKey`).
 *
 * One login id from one address: 5 wrong passwords within 15 minutes stop that address for that id
 * for 15 minutes. The only hard stop for an account, and it stops the address, not the account.
 */
export const LOGIN_PAIR_RULE = { limit: 5, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;
/** One client address, whatever the login ids: 30 wrong passwords within 15 minutes stop it for 15 minutes. */
export const LOGIN_IP_RULE = { limit: 30, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;
/**
 * One login id from every address: beyond 5 wrong passwords within 15 minutes, every login of the
 * id needs a solved captcha (even with CAPTCHA_ENABLED=false) and is answered LOGIN_FRICTION_DELAY_MS
 * later. It never refuses the right password: anyone could otherwise lock anyone out.
 */
export const LOGIN_ACCOUNT_FRICTION = { threshold: 5, windowMs: 15 * MINUTE_MS } as const;
export const LOGIN_FRICTION_DELAY_MS = 1000;
/** The owner hears of a burst of failures once in this long (per member, whichever login id was tried). */
export const LOGIN_NOTICE_INTERVAL_MS = 24 * 60 * MINUTE_MS;
/**
 * Wrong current passwords at update-password: 5 within 15 minutes lock the change for 15 minutes.
 * Per user, which cannot be used against someone else: it needs that user's session, and it stops
 * only the change, never a login.
 */
export const OLD_PASSWORD_RULE = { limit: 5, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;

const loginId = (login: Destination) => `${login.channel}:${login.to}`;
const loginPairKey = (login: Destination, ip: string) => `login:pair:${loginId(login)}|${addressKey(ip)}`;
const loginIpKey = (ip: string) => `login:ip:${addressKey(ip)}`;
const loginAccountKey = (login: Destination) => `login:acct:${loginId(login)}`;
const loginNoticeKey = (userId: number) => `login:notice:user:${userId}`;
const oldPasswordKey = (userId: number) => `password:user:${userId}`;

// One error for an unknown login id and a wrong password, so a caller cannot tell which numbers
// have an account.
const loginFailed = () => new BusinessError(AuthErrorCode.LoginFailed, 'auth.loginFailed');
const codeInvalid = () => new BusinessError(AuthErrorCode.CodeInvalid, 'auth.codeInvalid');
const captchaRequired = () => new BusinessError(AuthErrorCode.CaptchaRequired, 'auth.captchaRequired');
const tooManyAttempts = (ms: number) =>
  new BusinessError(AuthErrorCode.TooManyAttempts, 'auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(ms / MINUTE_MS)) });

/** Opens a session for a member who proved who they are (also the second step of a two-factor sign-in). */
export async function openSession(
  db: Db,
  userId: number,
  now: Date,
  origin?: SessionOrigin,
): Promise<LoginResult & { sessionId: number }> {
  await pruneSessions(db, userId, now);
  const session = await createSession(db, userId, now, origin);
  return { token: session.token, expiresAt: session.expiresAt.getTime(), sessionId: session.sessionId };
}

/** Remembers the language a member used, for the notices sent to them (no write when unchanged). */
async function rememberLocale(db: Db, userId: number, locale: Locale | undefined): Promise<void> {
  if (!locale) return;
  await db
    .update(memberUsers)
    .set({ locale })
    .where(and(eq(memberUsers.id, userId), ne(memberUsers.locale, locale)));
}

/**
 * Ends every live credential of a member that is not a session (their API tokens) in the password's
 * transaction, answering how many were live. Provided by the module that issues them (app.ts wires
 * the API tokens'), so accounts does not depend on it.
 */
export type RevokeCredentials = (tx: Tx, userId: number, now: Date) => Promise<number>;

export interface LoginInput {
  login: Destination;
  password: string;
  ip: string;
  now?: Date;
  /**
   * The captcha guard, run after the lockout check and before the password check. `force`: the
   * login id is under friction, so a solved captcha is needed even where the captcha is switched
   * off. Throws when it is not solved; answers whether a captcha was verified.
   */
  captcha?: (force: boolean) => Promise<boolean>;
  /** The request's language: the member's from a successful login on. */
  locale?: Locale;
  notify?: Notify;
  /** The request's User-Agent, for the devices list and the sign-in history (decision 0052). */
  userAgent?: string;
  /**
   * After a right password: the challenge to answer with a second factor when the member has two
   * factors on (decision 0056), or null to open the session now. Provided by the two-factor module.
   */
  secondFactor?: (userId: number, now: Date) => Promise<SecondFactorChallenge | null>;
}

/** Failures of a login that are stored in the member's sign-in history, by their error code. */
const FAILURE_RESULTS = new Map<number, 'locked' | 'captcha'>([
  [AuthErrorCode.TooManyAttempts, 'locked'],
  [AuthErrorCode.CaptchaRequired, 'captcha'],
  [CaptchaErrorCode.VerificationFailed, 'captcha'],
]);

/**
 * `attemptLogin` with its sign-in history: every attempt on an existing account is stored (success,
 * wrong password, address stopped, captcha missing or wrong); attempts for unknown ids are not.
 */
export async function login(db: Db, input: LoginInput): Promise<LoginOutcome> {
  const now = input.now ?? new Date();
  const origin = { userAgent: input.userAgent ?? '', ip: input.ip };
  try {
    return await attemptLogin(db, { ...input, now }, origin);
  } catch (err) {
    const result = err instanceof BusinessError ? FAILURE_RESULTS.get(err.code) : undefined;
    if (result) {
      const user = await findUserByLogin(db, input.login);
      if (user) await recordSignIn(db, { userId: user.id, result, now, ...origin });
    }
    throw err;
  }
}

/**
 * Checks login id and password and opens a session (the policy: LOGIN_PAIR_RULE, LOGIN_IP_RULE,
 * LOGIN_ACCOUNT_FRICTION above). Each attempt is counted as a failure before the password is checked
 * (a reserved slot of each count, atomic in PostgreSQL) and given back on success, so parallel
 * guesses never get more checks than the limits allow, and the n-th attempt of a burst knows it is
 * the n-th: attempts beyond the friction threshold that raced past the first look without a captcha
 * give their slots back and are asked for one.
 */
async function attemptLogin(
  db: Db,
  { login, password, ip, now = new Date(), captcha, locale, notify, secondFactor }: LoginInput,
  origin: SessionOrigin,
): Promise<LoginOutcome> {
  const pairRule: FailureRule = { key: loginPairKey(login, ip), ...LOGIN_PAIR_RULE };
  const ipRule: FailureRule = { key: loginIpKey(ip), ...LOGIN_IP_RULE };
  const account: FailureCounter = { key: loginAccountKey(login), windowMs: LOGIN_ACCOUNT_FRICTION.windowMs };
  // Cheap early answer, so a stopped address does not spend the caller's captcha.
  const locked = await lockedFor(db, [pairRule.key, ipRule.key], now);
  if (locked > 0) throw tooManyAttempts(locked);
  const friction = (await failureCount(db, account, now)) >= LOGIN_ACCOUNT_FRICTION.threshold;
  const solved = (await captcha?.(friction)) ?? false;
  // After the captcha: a request without one must not use up the owner's attempts.
  const reservation = await reserveFailure(db, [pairRule, ipRule, account], now);
  if (!reservation.ok) throw tooManyAttempts(reservation.lockedMs);
  const giveBack = () => Promise.all(reservation.slots.map((slot) => releaseFailure(db, slot)));
  const failures = reservation.slots.find((slot) => slot.key === account.key)?.count ?? 0;
  const underFriction = failures > LOGIN_ACCOUNT_FRICTION.threshold;
  if (underFriction && !solved) {
    await giveBack();
    throw captchaRequired();
  }
  // The same wait for a right and a wrong password: it slows guessing, and tells nothing.
  if (underFriction) await sleep(LOGIN_FRICTION_DELAY_MS);

  const user = await findUserByLogin(db, login);
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !ok) {
    if (user) await recordSignIn(db, { userId: user.id, result: 'password', now, ...origin });
    // The reserved slots stay counted as failures.
    if (failures >= LOGIN_ACCOUNT_FRICTION.threshold) await tellOwner(db, login, user, failures, now, notify);
    throw loginFailed();
  }
  await clearFailures(db, pairRule.key);
  for (const slot of reservation.slots) if (slot.key !== pairRule.key) await releaseFailure(db, slot);
  if (needsRehash(user.passwordHash)) {
    // The only moment the plain password is at hand: move the hash to today's parameters.
    await db
      .update(memberUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(memberUsers.id, user.id));
  }
  await rememberLocale(db, user.id, locale);
  // Two factors on: no session yet, and no success in the history until the code is right.
  const challenge = await secondFactor?.(user.id, now);
  if (challenge) return challenge;
  const { token, expiresAt } = await openSession(db, user.id, now, origin);
  await recordSuccess(db, { userId: user.id, now, ...origin }, notify);
  return { token, expiresAt };
}

/**
 * Tells the owner of a burst of failures, once per LOGIN_NOTICE_INTERVAL_MS (an atomic quota, per
 * member whichever login id was tried). An unknown id takes a quota of its own, so both cost the
 * same before the answer.
 */
async function tellOwner(
  db: Db,
  login: Destination,
  user: MemberUser | undefined,
  failures: number,
  now: Date,
  notify: Notify | undefined,
): Promise<void> {
  const key = user ? loginNoticeKey(user.id) : `login:notice:id:${loginId(login)}`;
  const once = await consume(db, [{ key, limit: 1, windowMs: LOGIN_NOTICE_INTERVAL_MS }], now);
  if (!once.ok || !user || !notify) return;
  await notify(user, { kind: 'failedLogins', failures, minutes: LOGIN_ACCOUNT_FRICTION.windowMs / MINUTE_MS });
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
    locale,
    now = new Date(),
    origin,
  }: {
    destination: Destination;
    code: string;
    password: string;
    siteId?: number;
    locale?: Locale;
    now?: Date;
    /** Where the registration came from: the first device of the account and its first sign-in. */
    origin?: SessionOrigin;
  },
): Promise<LoginResult> {
  if (!(await verifyCode(db, { destination, scene: VerificationScene.Register, code, now }))) throw codeInvalid();
  const extra = { ...(siteId !== undefined && { siteId }), ...(locale && { locale }) };
  try {
    const user = await createUser(
      db,
      destination.channel === 'sms'
        ? { mobile: destination.to, password, ...extra }
        : { email: destination.to, password, ...extra },
    );
    const { token, expiresAt } = await openSession(db, user.id, now, origin);
    if (origin) await recordSignIn(db, { userId: user.id, result: 'success', now, ...origin });
    return { token, expiresAt };
  } catch (err) {
    // Registered by someone else since the code was sent.
    if (err instanceof AccountExistsError) throw codeInvalid();
    throw err;
  }
}

/**
 * Sets a new password with the reset code. The account may be in someone else's hands, so it ends
 * every session and every API token of the member (decision 0031), in the password's transaction;
 * the member is told what was ended on every channel they have. The address that reset may log in
 * again at once (its stop for this login id is lifted), and the id's friction ends: the failures
 * were against a password that no longer exists.
 */
export async function resetPassword(
  db: Db,
  {
    destination,
    code,
    password,
    ip,
    now = new Date(),
    revokeCredentials,
    notify,
  }: {
    destination: Destination;
    code: string;
    password: string;
    ip: string;
    now?: Date;
    revokeCredentials: RevokeCredentials;
    notify?: Notify;
  },
): Promise<{ sessionsRevoked: number; apiTokensRevoked: number }> {
  if (!(await verifyCode(db, { destination, scene: VerificationScene.ResetPassword, code, now }))) throw codeInvalid();
  const user = await findUserByLogin(db, destination);
  if (!user) throw codeInvalid(); // deleted since the code was sent
  const passwordHash = await hashPassword(password);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(memberUsers).set({ passwordHash }).where(eq(memberUsers.id, user.id));
    const sessionsRevoked = await revokeUserSessions(tx, user.id, now);
    const apiTokensRevoked = await revokeCredentials(tx, user.id, now);
    return { sessionsRevoked, apiTokensRevoked };
  });
  // Committed: this instance drops its cached sessions at once (the others are notified).
  changed(db, 'sessions');
  await clearFailures(db, loginPairKey(destination, ip));
  await clearFailures(db, loginAccountKey(destination));
  await notify?.(user, { kind: 'reset', sessions: revoked.sessionsRevoked, apiTokens: revoked.apiTokensRevoked });
  return revoked;
}

/**
 * Changes the password of a logged-in user who knows the current one; ends their other sessions
 * (the one making the change stays) and, unless `revokeApiTokens` is false, every API token
 * (decision 0031). The member is told what was ended. Wrong current passwords are limited like
 * logins (OLD_PASSWORD_RULE).
 */
export async function changePassword(
  db: Db,
  {
    userId,
    sessionId,
    oldPassword,
    password,
    revokeApiTokens,
    now = new Date(),
    locale,
    revokeCredentials,
    notify,
  }: {
    userId: number;
    sessionId: number;
    oldPassword: string;
    password: string;
    revokeApiTokens: boolean;
    now?: Date;
    /** The request's language: the member's from now on. */
    locale?: Locale;
    revokeCredentials: RevokeCredentials;
    notify?: Notify;
  },
): Promise<PasswordChangeResult> {
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
  const result = await db.transaction(async (tx) => {
    await tx
      .update(memberUsers)
      .set({ passwordHash, ...(locale && { locale }) })
      .where(eq(memberUsers.id, userId));
    const sessionsRevoked = await revokeUserSessions(tx, userId, now, sessionId);
    const apiTokensRevoked = revokeApiTokens ? await revokeCredentials(tx, userId, now) : 0;
    return { sessionsRevoked, apiTokensRevoked };
  });
  changed(db, 'sessions');
  await clearFailures(db, rule.key);
  await notify?.(
    { ...user, locale: locale ?? user.locale },
    { kind: 'change', sessions: result.sessionsRevoked, apiTokens: revokeApiTokens ? result.apiTokensRevoked : null },
  );
  return result;
}

export async function updateNickname(db: Db, userId: number, nickname: string): Promise<void> {
  await db.update(memberUsers).set({ nickname }).where(eq(memberUsers.id, userId));
  // The next member-user/get of this user may come before the notification does.
  rowChanged(db, 'member', userId);
}
