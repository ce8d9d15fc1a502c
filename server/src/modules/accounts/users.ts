import { type Locale, type MemberUserInfo, mobileNumber } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS, deepFreeze, rowKey } from '../../cache/cache.ts';
import { cacheFor } from '../../cache/invalidation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { defaultSiteId } from '../system/service.ts';
import { maskEmail, maskMobile } from './mask.ts';
import { hashPassword } from './password.ts';
import { memberUsers } from './tables.ts';
import { GRANT_VALIDITY_DAYS, grantTraffic, lotExpiry } from './traffic-lots.ts';

export type MemberUser = typeof memberUsers.$inferSelect;

/**
 * The member's certification as the certification module decided it (submitted, reviewed), written
 * in that module's transaction: the member row is accounts' own, so accounts writes it.
 */
export async function recordCertification(
  tx: Tx,
  userId: number,
  certification: Pick<MemberUser, 'identificationStatus' | 'certificationType'>,
): Promise<void> {
  await tx.update(memberUsers).set(certification).where(eq(memberUsers.id, userId));
}

export interface NewMember {
  mobile?: string;
  email?: string;
  password: string;
  nickname?: string;
  /** Starting traffic in MB. */
  limitBalance?: number;
  /** How long the starting balance lasts (its lot's validity); GRANT_VALIDITY_DAYS by default. */
  balanceValidityDays?: number;
  /** The substation registered on (decision 0027); the default site when not given. */
  siteId?: number;
  /** The member's language (security notices); the column's default when not given. */
  locale?: Locale;
}

/** A login id or value that cannot be stored; `field` names the offending input. */
export class AccountInputError extends Error {
  constructor(
    readonly field: 'mobile' | 'email' | 'password' | 'nickname' | 'limitBalance' | 'balanceValidityDays',
    message: string,
  ) {
    super(message);
    this.name = 'AccountInputError';
  }
}

/** The mobile or e-mail is taken already. */
export class AccountExistsError extends Error {
  constructor(readonly field: 'mobile' | 'email') {
    super(`a user with this ${field} already exists`);
    this.name = 'AccountExistsError';
  }
}

// Minimum length for a password set through the service (CLI today, registration later). Login
// accepts any password, so tightening this never locks anyone out.
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

function validate(input: NewMember): { mobile: string | null; email: string | null } {
  const mobile = input.mobile === undefined ? null : mobileNumber.safeParse(input.mobile);
  if (mobile && !mobile.success)
    throw new AccountInputError(
      'mobile',
      'expected a mobile number: 11 digits for the mainland (1[3-9]…), otherwise + and the country code',
    );
  const email = input.email?.trim().toLowerCase() ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AccountInputError('email', 'expected an e-mail address');
  if (!mobile && email === null) throw new AccountInputError('mobile', 'a mobile number or an e-mail address is required');
  if (input.password.length < MIN_PASSWORD || input.password.length > MAX_PASSWORD) {
    throw new AccountInputError('password', `expected ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`);
  }
  if (input.nickname !== undefined && (input.nickname.trim() === '' || input.nickname.length > 64)) {
    throw new AccountInputError('nickname', 'expected 1 to 64 characters');
  }
  const balance = input.limitBalance ?? 0;
  if (!Number.isSafeInteger(balance) || balance < 0)
    throw new AccountInputError('limitBalance', 'expected a whole number of MB, 0 or more');
  const days = input.balanceValidityDays ?? GRANT_VALIDITY_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new AccountInputError('balanceValidityDays', 'expected a whole number of days from 1 to 3650');
  return { mobile: mobile?.data ?? null, email };
}

const UNIQUE_VIOLATION = '23505';

function uniqueViolation(err: unknown): string | null {
  // pg puts the code on the error itself, PGlite too; drizzle wraps it as `cause`.
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION) return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return null;
}

/** Creates a member; throws AccountInputError or AccountExistsError. */
export async function createUser(db: Db, input: NewMember): Promise<MemberUser> {
  const { mobile, email } = validate(input);
  const passwordHash = await hashPassword(input.password);
  const nickname = input.nickname?.trim() ?? (mobile ? maskMobile(mobile) : maskEmail(email ?? ''));
  const siteId = input.siteId ?? (await defaultSiteId(db));
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(memberUsers)
        .values({ mobile, email, passwordHash, nickname, siteId, ...(input.locale && { locale: input.locale }) })
        .returning();
      if (!user) throw new Error('insert returned no row');
      const mb = input.limitBalance ?? 0;
      if (mb === 0) return user;
      // A starting balance is an operator's grant: a lot like any other, so it expires too.
      const now = new Date();
      await grantTraffic(tx, {
        userId: user.id,
        source: 'grant',
        mb,
        creditedAt: now,
        expiresAt: lotExpiry(now, input.balanceValidityDays ?? GRANT_VALIDITY_DAYS),
      });
      return { ...user, limitBalance: mb };
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    throw new AccountExistsError(constraint.includes('email') ? 'email' : 'mobile');
  }
}

export async function findUserByMobile(db: Db, mobile: string): Promise<MemberUser | undefined> {
  const [user] = await db.select().from(memberUsers).where(eq(memberUsers.mobile, mobile)).limit(1);
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<MemberUser | undefined> {
  const [user] = await db.select().from(memberUsers).where(eq(memberUsers.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/** The user of a login id: a mobile number (`sms`) or an e-mail address (`email`). */
export async function findUserByLogin(db: Db, login: { channel: 'sms' | 'email'; to: string }): Promise<MemberUser | undefined> {
  return login.channel === 'sms' ? findUserByMobile(db, login.to) : findUserByEmail(db, login.to);
}

export async function findUserById(db: Db, id: number): Promise<MemberUser | undefined> {
  const [user] = await db.select().from(memberUsers).where(eq(memberUsers.id, id)).limit(1);
  return user;
}

/**
 * What `member-user/get` answers, from this instance's cache: every page of the user centre asks
 * for it, and a read per call was most of that call's cost. Kept CACHE_MAX_STALE_MS; a change to
 * the member's row drops it on every instance at commit (migration 0012), so a credited payment or a
 * new nickname shows at once. Undefined for a member that does not exist (kept too: guessing needs
 * a session, so it cannot fill the cache). Frozen: it is shared by every request.
 */
export function cachedUserInfo(db: Db, id: number): Promise<MemberUserInfo | undefined> {
  return cacheFor(db).cached(rowKey('member', id), CACHE_MAX_STALE_MS, async () => {
    const user = await findUserById(db, id);
    return user && deepFreeze(toUserInfo(user));
  });
}

/** What `member-user/get` answers: the contract shape, contacts masked. */
export function toUserInfo(user: MemberUser): MemberUserInfo {
  return {
    id: user.id,
    nickname: user.nickname,
    mobile: user.mobile === null ? null : maskMobile(user.mobile),
    email: user.email === null ? null : maskEmail(user.email),
    limitBalance: user.limitBalance,
    identificationStatus: user.identificationStatus,
    certificationType: user.certificationType,
    createdAt: user.createdAt.getTime(),
  };
}
