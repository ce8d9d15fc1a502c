import type { MemberSession, MemberSessionList, MemberSignIn, SignInResult } from '@portal/shared';
import { AuthErrorCode, SIGN_IN_HISTORY_DAYS } from '@portal/shared';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { consume } from '../limits/limits.ts';
import { deviceKey, parseUserAgent, USER_AGENT_MAX } from './devices.ts';
import type { Notify } from './notices.ts';
import { revokeUserSessions, type SessionOrigin } from './sessions.ts';
import { memberSessions, memberSignIns, memberUsers } from './tables.ts';

/** Devices and sign-in history (docs/decisions/0052-sessions-and-sign-ins.md). */

const DAY_MS = 24 * 60 * 60 * 1000;
export const SIGN_IN_KEEP_MS = SIGN_IN_HISTORY_DAYS * DAY_MS;
/** At most one new-device message per member in this long, however many new devices sign in. */
export const NEW_DEVICE_NOTICE_INTERVAL_MS = 60 * 60 * 1000;

/** A refused attempt (locked, captcha) is recorded once per address and kind in this long. */
export const REFUSAL_RECORD_INTERVAL_MS = 60 * 1000;

export interface SignInAttempt extends SessionOrigin {
  userId: number;
  result: SignInResult;
  now: Date;
}

/**
 * Stores one attempt on an existing account (refusals before the password check at most once a
 * minute per address and kind) and deletes the member's rows older than 90 days (the
 * retention: no job needed, a member who never signs in again has nothing new to keep). Answers
 * whether a success came from a device (browser, system, address prefix) not seen in a successful
 * sign-in of the last 90 days; the member's very first sign-in is not "new" (there is nothing to
 * compare with, and they just registered).
 */
export async function recordSignIn(db: Db, attempt: SignInAttempt): Promise<{ newDevice: boolean }> {
  const key = deviceKey(attempt.userAgent, attempt.ip);
  const since = new Date(attempt.now.getTime() - SIGN_IN_KEEP_MS);
  if (attempt.result === 'locked' || attempt.result === 'captcha') {
    // Refused before any password check, so unlimited and cheap for a caller: one row per address
    // and kind a minute, or a script could fill a member's history (and the table) with them.
    const [recent] = await db
      .select({ id: memberSignIns.id })
      .from(memberSignIns)
      .where(
        and(
          eq(memberSignIns.userId, attempt.userId),
          eq(memberSignIns.ip, attempt.ip),
          eq(memberSignIns.result, attempt.result),
          gte(memberSignIns.createdAt, new Date(attempt.now.getTime() - REFUSAL_RECORD_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) return { newDevice: false };
  }
  let newDevice = false;
  if (attempt.result === 'success') {
    const [seen] = await db
      .select({ any: count(), same: sql<number>`count(*) filter (where ${memberSignIns.deviceKey} = ${key})`.mapWith(Number) })
      .from(memberSignIns)
      .where(
        and(eq(memberSignIns.userId, attempt.userId), eq(memberSignIns.result, 'success'), gte(memberSignIns.createdAt, since)),
      );
    newDevice = (seen?.any ?? 0) > 0 && (seen?.same ?? 0) === 0;
  }
  await db.delete(memberSignIns).where(and(eq(memberSignIns.userId, attempt.userId), lt(memberSignIns.createdAt, since)));
  await db.insert(memberSignIns).values({
    userId: attempt.userId,
    result: attempt.result,
    ip: attempt.ip,
    userAgent: attempt.userAgent.slice(0, USER_AGENT_MAX),
    deviceKey: key,
    createdAt: attempt.now,
  });
  return { newDevice };
}

/**
 * Records a successful sign-in and, when it comes from a new device and the member has the setting
 * on, tells them in their language on every channel (at most once per NEW_DEVICE_NOTICE_INTERVAL_MS).
 */
export async function recordSuccess(db: Db, attempt: Omit<SignInAttempt, 'result'>, notify: Notify | undefined): Promise<void> {
  const { newDevice } = await recordSignIn(db, { ...attempt, result: 'success' });
  if (!newDevice || !notify) return;
  const [member] = await db.select().from(memberUsers).where(eq(memberUsers.id, attempt.userId)).limit(1);
  if (!member?.newDeviceNotice) return;
  const quota = { key: `login:new-device:user:${member.id}`, limit: 1, windowMs: NEW_DEVICE_NOTICE_INTERVAL_MS };
  if (!(await consume(db, [quota], attempt.now)).ok) return;
  const { browser, system } = parseUserAgent(attempt.userAgent);
  await notify(member, { kind: 'newDevice', browser, system, ip: attempt.ip });
}

/** The member's live sessions, the current one first, then the most recently seen. */
export async function listSessions(db: Db, userId: number, currentId: number, now: Date): Promise<MemberSessionList> {
  const rows = await db
    .select()
    .from(memberSessions)
    .where(and(eq(memberSessions.userId, userId), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, now)))
    .orderBy(desc(memberSessions.lastUsedAt), desc(memberSessions.id));
  const [member] = await db
    .select({ newDeviceNotice: memberUsers.newDeviceNotice })
    .from(memberUsers)
    .where(eq(memberUsers.id, userId));
  const list: MemberSession[] = rows.map((r) => ({
    id: r.id,
    device: parseUserAgent(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt.getTime(),
    lastSeenAt: r.lastUsedAt.getTime(),
    current: r.id === currentId,
  }));
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return { list, newDeviceNotice: member?.newDeviceNotice ?? true };
}

/**
 * Signs out one of the member's sessions, refused at once on every instance (the revoking UPDATE
 * notifies them, this one drops its copies now). Another member's session, an ended one or an
 * unknown id: not found, the same answer for each.
 */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number, now: Date): Promise<void> {
  const ended = await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberSessions.id, sessionId),
        eq(memberSessions.userId, userId),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, now),
      ),
    )
    .returning({ id: memberSessions.id });
  changed(db, 'sessions');
  if (ended.length === 0) throw new BusinessError(AuthErrorCode.SessionNotFound, 'auth.sessionNotFound');
}

/** Signs out every session of the member but the current one; answers how many live ones ended. */
export async function revokeOtherSessions(db: Db, userId: number, currentId: number, now: Date): Promise<number> {
  const ended = await revokeUserSessions(db, userId, now, currentId);
  changed(db, 'sessions');
  return ended;
}

/** The member's sign-in attempts of the last 90 days, newest first. */
export async function signInPage(
  db: Db,
  userId: number,
  { pageNo, pageSize }: { pageNo: number; pageSize: number },
  now: Date,
): Promise<{ list: MemberSignIn[]; total: number }> {
  const where = and(eq(memberSignIns.userId, userId), gte(memberSignIns.createdAt, new Date(now.getTime() - SIGN_IN_KEEP_MS)));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(memberSignIns)
      .where(where)
      .orderBy(desc(memberSignIns.createdAt), desc(memberSignIns.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(memberSignIns).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      result: r.result,
      ip: r.ip,
      device: parseUserAgent(r.userAgent),
      createdAt: r.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
  };
}

export async function setNewDeviceNotice(db: Db, userId: number, enabled: boolean): Promise<void> {
  await db.update(memberUsers).set({ newDeviceNotice: enabled }).where(eq(memberUsers.id, userId));
}
