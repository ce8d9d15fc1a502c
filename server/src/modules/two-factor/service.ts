import { createHash, randomBytes } from 'node:crypto';
import {
  AuthErrorCode,
  RECOVERY_CODE_COUNT,
  SIGN_IN_CHALLENGE_MINUTES,
  STEP_UP_WINDOW_MINUTES,
  type SecondFactorChallenge,
  TwoFactorErrorCode,
} from '@portal/shared';
import { and, count, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { decryptField, encryptField } from '../certification/crypto.ts';
import { type FailureRule, releaseFailure, reserveFailure } from '../limits/limits.ts';
import {
  accountTwoFactorPolicies,
  memberPasskeys,
  memberRecoveryCodes,
  memberTotp,
  sessionSecondFactorChecks,
  signInChallenges,
} from './tables.ts';
import { isAppCode, newRecoveryCode, newTotpSecret, recoveryCodeHash, totpStepOf } from './totp.ts';

/** Two factors of a member (docs/decisions/0056-two-factor-rules.md). */

const MINUTE_MS = 60 * 1000;
/** Wrong second-factor codes of one member, whatever the session or address: 5 in 15 minutes lock 15 minutes. */
export const SECOND_FACTOR_RULE = { limit: 5, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS } as const;
export const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * MINUTE_MS;
const CHALLENGE_MS = SIGN_IN_CHALLENGE_MINUTES * MINUTE_MS;
/** The data key's purpose for TOTP secrets: a sealed secret does not open in another column. */
const TOTP_PURPOSE = 'totp';

const secondFactorKey = (userId: number) => `2fa:user:${userId}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const codeIncorrect = () => new BusinessError(TwoFactorErrorCode.CodeIncorrect, 'twoFactor.codeIncorrect');
const tooManyCodes = (ms: number) =>
  new BusinessError(AuthErrorCode.TooManyAttempts, 'auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(ms / MINUTE_MS)) });

/** Whether the member has an authenticator app turned on. */
export async function hasApp(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberTotp.userId })
    .from(memberTotp)
    .where(and(eq(memberTotp.userId, userId), isNotNull(memberTotp.enabledAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the member has two factors on: the authenticator app, a passkey (decision 0057), or both.
 * The one answer for the sign-in challenge, the step-up check, the account's requirement and status.
 */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberPasskeys.userId })
    .from(memberPasskeys)
    .where(eq(memberPasskeys.userId, userId))
    .limit(1);
  return Boolean(row) || hasApp(db, userId);
}

/** Starts (or restarts) an enrolment with a new secret; refused while two factors are on. */
export async function startTotp(db: Db, key: Buffer, userId: number, now: Date): Promise<string> {
  if (await hasApp(db, userId)) throw new BusinessError(TwoFactorErrorCode.NotEnrolling, 'twoFactor.alreadyOn');
  const secret = newTotpSecret();
  const secretSealed = encryptField(key, secret, TOTP_PURPOSE);
  await db
    .insert(memberTotp)
    .values({ userId, secretSealed, createdAt: now })
    .onConflictDoUpdate({ target: memberTotp.userId, set: { secretSealed, createdAt: now, enabledAt: null, lastStep: 0 } });
  return secret;
}

/** Replaces the member's recovery codes with a new set; answers them in plain (shown once). */
async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
    await tx.insert(memberRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  });
  return codes;
}

/**
 * Runs one second-factor check (a code, or a passkey's answer) under the member's try limit: the slot
 * is taken before the answer is looked at and given back when it is right, so 50 parallel guesses get
 * at most SECOND_FACTOR_RULE.limit checks.
 */
export async function underLimit(
  db: Db,
  userId: number,
  now: Date,
  check: () => Promise<boolean>,
  refused: () => BusinessError = codeIncorrect,
): Promise<void> {
  const rule: FailureRule = { key: secondFactorKey(userId), ...SECOND_FACTOR_RULE };
  const reservation = await reserveFailure(db, [rule], now);
  if (!reservation.ok) throw tooManyCodes(reservation.lockedMs);
  if (!(await check())) throw refused();
  for (const slot of reservation.slots) await releaseFailure(db, slot);
}

/**
 * Accepts an app code once: its step must be newer than the last accepted one (a conditional UPDATE,
 * so two parallel requests with the same code cannot both pass).
 */
async function acceptAppCode(db: Db, key: Buffer, userId: number, code: string, now: Date, enabled: boolean): Promise<boolean> {
  const [row] = await db
    .select()
    .from(memberTotp)
    .where(and(eq(memberTotp.userId, userId), enabled ? isNotNull(memberTotp.enabledAt) : isNull(memberTotp.enabledAt)))
    .limit(1);
  if (!row) return false;
  const step = totpStepOf(decryptField(key, row.secretSealed, TOTP_PURPOSE), code, now);
  if (step === null || step <= row.lastStep) return false;
  const taken = await db
    .update(memberTotp)
    .set({ lastStep: step, ...(!enabled && { enabledAt: now }) })
    .where(and(eq(memberTotp.userId, userId), lt(memberTotp.lastStep, step), eq(memberTotp.secretSealed, row.secretSealed)))
    .returning({ userId: memberTotp.userId });
  return taken.length === 1;
}

/** Uses up a recovery code (each works once: the UPDATE takes it only while unused). */
async function useRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  const taken = await db
    .update(memberRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(memberRecoveryCodes.userId, userId),
        eq(memberRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(memberRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: memberRecoveryCodes.id });
  return taken.length === 1;
}

/** Turns two factors on with a right code of the started secret; answers the recovery codes. */
export async function confirmTotp(db: Db, key: Buffer, userId: number, code: string, now: Date): Promise<string[]> {
  const [pending] = await db
    .select({ userId: memberTotp.userId })
    .from(memberTotp)
    .where(and(eq(memberTotp.userId, userId), isNull(memberTotp.enabledAt)))
    .limit(1);
  if (!pending) throw new BusinessError(TwoFactorErrorCode.NotEnrolling, 'twoFactor.notEnrolling');
  await underLimit(db, userId, now, () => acceptAppCode(db, key, userId, code, now, false));
  return issueRecoveryCodes(db, userId);
}

/** Checks an app code or a recovery code of a member with two factors on, under the try limit. */
export async function checkSecondFactor(db: Db, key: Buffer, userId: number, code: string, now: Date): Promise<void> {
  await underLimit(db, userId, now, () =>
    isAppCode(code) ? acceptAppCode(db, key, userId, code, now, true) : useRecoveryCode(db, userId, code, now),
  );
}

export const renewRecoveryCodes = (db: Db, userId: number) => issueRecoveryCodes(db, userId);

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.userId, userId), isNull(memberRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function enabledAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: memberTotp.enabledAt }).from(memberTotp).where(eq(memberTotp.userId, userId)).limit(1);
  return row?.at ?? null;
}

/** Turns two factors off: the secret and the recovery codes are deleted. */
export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(memberTotp).where(eq(memberTotp.userId, userId));
    await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
  });
}

/** Remembers that this session passed a second-factor check now (sign-in, step-up, enrolment). */
export async function recordCheck(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .insert(sessionSecondFactorChecks)
    .values({ sessionId, checkedAt: now })
    .onConflictDoUpdate({ target: sessionSecondFactorChecks.sessionId, set: { checkedAt: now } });
}

export async function hasRecentCheck(db: Db, sessionId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ sessionId: sessionSecondFactorChecks.sessionId })
    .from(sessionSecondFactorChecks)
    .where(
      and(
        eq(sessionSecondFactorChecks.sessionId, sessionId),
        gt(sessionSecondFactorChecks.checkedAt, new Date(now.getTime() - STEP_UP_WINDOW_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The challenge a right password answers when the member has two factors on. */
export async function createChallenge(
  db: Db,
  userId: number,
  now: Date,
  methods: SecondFactorChallenge['methods'],
): Promise<SecondFactorChallenge> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { challenge: token, challengeExpiresAt: expiresAt.getTime(), methods };
}

const challengeExpired = () => new BusinessError(TwoFactorErrorCode.ChallengeExpired, 'twoFactor.challengeExpired');

/** The member of a live, unused challenge; throws ChallengeExpired otherwise. */
export async function challengeUser(db: Db, token: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(eq(signInChallenges.tokenHash, hashToken(token)), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)),
    )
    .limit(1);
  if (!row) throw challengeExpired();
  return row.userId;
}

/** Uses up a challenge once its code was right: of two parallel right answers only one gets a session. */
export async function useChallenge(db: Db, token: string, now: Date): Promise<void> {
  const taken = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(
      and(eq(signInChallenges.tokenHash, hashToken(token)), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)),
    )
    .returning({ id: signInChallenges.id });
  if (taken.length !== 1) throw challengeExpired();
}

/** Whether the account (team) requires two factors of every member. */
export async function accountRequiresTwoFactor(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ required: accountTwoFactorPolicies.required })
    .from(accountTwoFactorPolicies)
    .where(eq(accountTwoFactorPolicies.accountId, accountId))
    .limit(1);
  return row?.required ?? false;
}

export async function setAccountRequirement(db: Db, accountId: number, required: boolean, now: Date): Promise<void> {
  await db
    .insert(accountTwoFactorPolicies)
    .values({ accountId, required, updatedAt: now })
    .onConflictDoUpdate({ target: accountTwoFactorPolicies.accountId, set: { required, updatedAt: now } });
}
