import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AuthErrorCode, CODE_RESEND_SECONDS, CODE_TTL_MINUTES, VerificationScene } from '@portal/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { consume, type Quota } from '../limits/limits.ts';
import type { Channel } from '../messaging/transports.ts';
import { type CodeScene, verificationCodes } from './tables.ts';
import { findUserByLogin } from './users.ts';

/** Where a code goes: a mobile number by SMS or an e-mail address (lower-case) by e-mail. */
export interface Destination {
  channel: Channel;
  to: string;
}

export const CODE_TTL_MS = CODE_TTL_MINUTES * 60 * 1000;
export const RESEND_INTERVAL_MS = CODE_RESEND_SECONDS * 1000;
/** Checks against one code (right or wrong); then it is dead. */
export const MAX_CODE_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Codes one destination may receive per 24 hours, and one client address may request. */
export const DAILY_CODES_PER_DESTINATION = 10;
export const DAILY_CODES_PER_IP = 30;

/** The destination of a body with exactly one of mobile / email (the contract guarantees one). */
export function destinationOf(body: { mobile?: string | undefined; email?: string | undefined }): Destination {
  if (body.mobile !== undefined) return { channel: 'sms', to: body.mobile };
  if (body.email !== undefined) return { channel: 'email', to: body.email.toLowerCase() };
  throw new Error('a mobile number or an e-mail address is required');
}

/** Codes one account may have sent for one of its own scenes per 24 hours (on top of the destination's limits). */
export const DAILY_CODES_PER_ACCOUNT = 10;

const destinationKey = (d: Destination) => `${d.channel}:${d.to}`;
/** The stored key of a code: a code bound to an account (`owner`) confirms that account's request only. */
const codeKey = (d: Destination, owner?: number) => (owner === undefined ? destinationKey(d) : `${destinationKey(d)}#${owner}`);

function hashCode(code: string, salt = randomBytes(12).toString('base64url')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = ''] = stored.split('$', 1);
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * What a send request turns into. `code`: a new code for the destination. `notice`: register to a
 * destination that has an account; it gets "you already have an account" instead of a code.
 * `nothing`: reset for a destination without an account. The caller answers all three alike.
 */
export type SendOutcome = { kind: 'code'; code: string } | { kind: 'notice' } | { kind: 'nothing' };

/**
 * Applies the send limits (one per 60 s and 10 a day per destination, 30 a day per client address;
 * the same for existing and unknown destinations) and decides what to send. Throws the
 * localized BusinessError of the first limit hit.
 */
export async function requestCode(
  db: Db,
  { destination, scene, ip, now }: { destination: Destination; scene: VerificationScene; ip: string; now: Date },
): Promise<SendOutcome> {
  await takeSendQuota(db, destination, ip, now);

  const exists = (await findUserByLogin(db, destination)) !== undefined;
  if (scene === VerificationScene.Register && exists) return { kind: 'notice' };
  if (scene === VerificationScene.ResetPassword && !exists) return { kind: 'nothing' };

  return { kind: 'code', code: await storeCode(db, { destination, scene, now }) };
}

/**
 * A code for an account's own request to a destination it has not proven (the alert e-mail address):
 * the destination's and the client address's limits of every code (so no account can make an address
 * receive more than any stranger could), plus DAILY_CODES_PER_ACCOUNT per account and scene. The
 * code is bound to the account: only its request checks it. Throws the localized error of the first
 * limit hit.
 */
export async function requestAccountCode(
  db: Db,
  { destination, scene, userId, ip, now }: { destination: Destination; scene: CodeScene; userId: number; ip: string; now: Date },
): Promise<string> {
  await takeSendQuota(db, destination, ip, now, [
    { key: `code:account:${userId}:${scene}`, limit: DAILY_CODES_PER_ACCOUNT, windowMs: DAY_MS },
  ]);
  return storeCode(db, { destination, scene, owner: userId, now });
}

async function takeSendQuota(db: Db, destination: Destination, ip: string, now: Date, extra: Quota[] = []): Promise<void> {
  const key = destinationKey(destination);
  const quotas: Quota[] = [
    { key: `code:wait:${key}`, limit: 1, windowMs: RESEND_INTERVAL_MS },
    { key: `code:day:${key}`, limit: DAILY_CODES_PER_DESTINATION, windowMs: DAY_MS },
    { key: `code:ip:${ip}`, limit: DAILY_CODES_PER_IP, windowMs: DAY_MS },
    ...extra,
  ];
  const taken = await consume(db, quotas, now);
  if (taken.ok) return;
  if (taken.quota === quotas[0]) {
    throw new BusinessError(AuthErrorCode.CodeTooSoon, 'auth.codeTooSoon', {
      seconds: Math.max(1, Math.ceil(taken.retryAfterMs / 1000)),
    });
  }
  throw new BusinessError(AuthErrorCode.CodeDailyLimit, 'auth.codeDailyLimit');
}

async function storeCode(
  db: Db,
  { destination, scene, owner, now }: { destination: Destination; scene: CodeScene; owner?: number; now: Date },
): Promise<string> {
  const key = codeKey(destination, owner);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // A new code retires the older ones of the destination and scene; rows of yesterday go.
    await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.destination, key), eq(verificationCodes.scene, scene), isNull(verificationCodes.usedAt)));
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.destination, key), lt(verificationCodes.createdAt, new Date(now.getTime() - DAY_MS))));
    await tx.insert(verificationCodes).values({
      channel: destination.channel,
      destination: key,
      scene,
      codeHash: hashCode(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Spends a code: true once for the right code within its 5 minutes. Every check counts against the
 * code (one atomic UPDATE, so parallel guesses cannot exceed the limit); after MAX_CODE_ATTEMPTS
 * checks it is dead, even for the right code.
 */
export async function verifyCode(
  db: Db,
  {
    destination,
    scene,
    code,
    now,
    owner,
  }: { destination: Destination; scene: CodeScene; code: string; now: Date; owner?: number },
): Promise<boolean> {
  const key = codeKey(destination, owner);
  const live = and(
    eq(verificationCodes.destination, key),
    eq(verificationCodes.scene, scene),
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, now),
  );
  const [latest] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(live)
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!latest) return false;
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, latest.id), live, lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ codeHash: verificationCodes.codeHash });
  if (!row || !codeMatches(code, row.codeHash)) return false;
  // Marks it used unless a parallel request with the same code got there first.
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
