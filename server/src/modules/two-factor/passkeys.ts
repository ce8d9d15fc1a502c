import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PASSKEY_LIMIT, type Passkey, TwoFactorErrorCode, WEBAUTHN_CHALLENGE_MINUTES } from '@portal/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberPasskeys, webauthnChallenges } from './tables.ts';

/** Passkeys of a member (docs/decisions/0057-passkeys.md): WebAuthn with @simplewebauthn/server. */

/** Where a ceremony happens: the relying party is the public origin's host (never the Host header as such). */
export interface RelyingParty {
  /** `https://portal.example` or `http://localhost:8080`. */
  origin: string;
  /** Its host name: WebAuthn binds a credential to it (IP addresses are refused by browsers). */
  id: string;
  /** The site's name, shown by the browser while creating a passkey. */
  name: string;
}

/** Options for navigator.credentials, passed on to the browser as they are (the contract's `webauthnOptions`). */
export type WebauthnOptions = { challenge: string } & Record<string, unknown>;

export type CeremonyPurpose = 'register' | 'step-up' | 'second-factor' | 'passwordless';
/** Whom a challenge belongs to: a member's session, or the password step's challenge (second factor). */
export interface CeremonyBinding {
  userId?: number;
  sessionId?: number;
  signInChallenge?: string;
}

const CHALLENGE_MS = WEBAUTHN_CHALLENGE_MINUTES * 60 * 1000;
const TIMEOUT_MS = 2 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const passkeyNotAccepted = () => new BusinessError(TwoFactorErrorCode.PasskeyNotAccepted, 'twoFactor.passkeyNotAccepted');
export const passkeyUnknown = () => new BusinessError(TwoFactorErrorCode.PasskeyUnknown, 'twoFactor.passkeyUnknown');

/**
 * The WebAuthn user handle of a member: stable (a second passkey on the same authenticator replaces
 * nothing it should not) and opaque (no id or contact detail leaves the server), keyed with the data key.
 */
export const userHandleOf = (key: Buffer, userId: number) =>
  createHmac('sha256', key).update(`webauthn-user:${userId}`).digest().subarray(0, 32);

type PasskeyRow = typeof memberPasskeys.$inferSelect;
const passkeyOf = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  backedUp: row.backedUp,
});

export async function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(memberPasskeys)
    .where(eq(memberPasskeys.userId, userId))
    .orderBy(desc(memberPasskeys.createdAt), desc(memberPasskeys.id));
  return rows.map(passkeyOf);
}

export async function passkeyCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberPasskeys).where(eq(memberPasskeys.userId, userId));
  return row?.n ?? 0;
}

/** Keeps a challenge (its SHA-256) for one answer within WEBAUTHN_CHALLENGE_MINUTES. */
async function keepChallenge(db: Db, challenge: string, purpose: CeremonyPurpose, binding: CeremonyBinding, now: Date) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challengeHash: sha256(challenge),
    purpose,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    signInChallengeHash: binding.signInChallenge ? sha256(binding.signInChallenge) : null,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
}

/**
 * Takes a challenge once, only for the ceremony and the member, session or sign-in it was made for
 * (a conditional UPDATE: of two parallel answers with one challenge only one goes on).
 */
const takeChallenge = (db: Db, purpose: CeremonyPurpose, binding: CeremonyBinding, now: Date) => async (challenge: string) => {
  const taken = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challengeHash, sha256(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        binding.userId === undefined ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, binding.userId),
        binding.sessionId === undefined
          ? isNull(webauthnChallenges.sessionId)
          : eq(webauthnChallenges.sessionId, binding.sessionId),
        binding.signInChallenge === undefined
          ? isNull(webauthnChallenges.signInChallengeHash)
          : eq(webauthnChallenges.signInChallengeHash, sha256(binding.signInChallenge)),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return taken.length === 1;
};

const credentialsOf = async (db: Db, userId: number) =>
  (await db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, userId))).map((row) => ({
    id: row.credentialId,
    transports: row.transports as AuthenticatorTransport[],
  }));

/** Options to create a passkey: a discoverable credential with user verification, so it also signs in without password. */
export async function registrationOptions(
  db: Db,
  key: Buffer,
  rp: RelyingParty,
  member: { id: number; label: string },
  sessionId: number,
  now: Date,
): Promise<WebauthnOptions> {
  if ((await passkeyCount(db, member.id)) >= PASSKEY_LIMIT) {
    throw new BusinessError(TwoFactorErrorCode.PasskeyLimitReached, 'twoFactor.passkeyLimit', { limit: PASSKEY_LIMIT });
  }
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.label,
    userDisplayName: member.label,
    userID: userHandleOf(key, member.id),
    challenge: randomBytes(32),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: await credentialsOf(db, member.id),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', { userId: member.id, sessionId }, now);
  return { ...options };
}

/** Adds the passkey of a verified answer to registrationOptions; a failed check answers PasskeyNotAccepted. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  member: { id: number; sessionId: number },
  input: { name: string; credential: RegistrationResponseJSON },
  now: Date,
): Promise<Passkey> {
  const verified = await verifyRegistrationResponse({
    response: input.credential,
    expectedChallenge: takeChallenge(db, 'register', { userId: member.id, sessionId: member.sessionId }, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw passkeyNotAccepted();
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const [row] = await db
    .insert(memberPasskeys)
    .values({
      userId: member.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? input.credential.response.transports ?? [],
      name: input.name,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing({ target: memberPasskeys.credentialId })
    .returning();
  // The same authenticator registered twice (excludeCredentials normally stops it in the browser).
  if (!row) throw passkeyNotAccepted();
  return passkeyOf(row);
}

/** Options to answer with an existing passkey: the member's ones, or (no member) any passkey of the site. */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  purpose: Exclude<CeremonyPurpose, 'register'>,
  binding: CeremonyBinding,
  now: Date,
): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: randomBytes(32),
    timeout: TIMEOUT_MS,
    allowCredentials: binding.userId === undefined ? [] : await credentialsOf(db, binding.userId),
    // Without a password the passkey is both factors: the PIN or biometrics of the device must have been asked.
    userVerification: purpose === 'passwordless' ? 'required' : 'preferred',
  });
  await keepChallenge(db, options.challenge, purpose, binding, now);
  return { ...options };
}

/** The passkey an answer names, when it is registered (to `userId` if given). */
export async function findPasskey(db: Db, credentialId: string, userId?: number): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(memberPasskeys)
    .where(
      and(eq(memberPasskeys.credentialId, credentialId), ...(userId === undefined ? [] : [eq(memberPasskeys.userId, userId)])),
    )
    .limit(1);
  return row;
}

/**
 * Checks an answer to authenticationOptions against the stored passkey: challenge (taken once),
 * origin, RP ID, signature, user verification where asked, and the signature counter, which must
 * move forward (a cloned authenticator shows an old one). Answers false for any failed check.
 */
export async function acceptAssertion(
  db: Db,
  rp: RelyingParty,
  row: PasskeyRow,
  purpose: Exclude<CeremonyPurpose, 'register'>,
  binding: CeremonyBinding,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<boolean> {
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: takeChallenge(db, purpose, binding, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      counter: row.counter,
      transports: row.transports as AuthenticatorTransport[],
    },
    requireUserVerification: purpose === 'passwordless',
  }).catch(() => null);
  if (!verified?.verified) return false;
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  // Conditional, so two answers racing with the same counter cannot both move it.
  const moved = await db
    .update(memberPasskeys)
    .set({ counter: newCounter, lastUsedAt: now, backedUp: credentialBackedUp })
    .where(
      and(
        eq(memberPasskeys.id, row.id),
        newCounter === 0 ? eq(memberPasskeys.counter, 0) : lt(memberPasskeys.counter, newCounter),
      ),
    )
    .returning({ id: memberPasskeys.id });
  return moved.length === 1;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<Passkey> {
  const [row] = await db
    .update(memberPasskeys)
    .set({ name })
    .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.userId, userId)))
    .returning();
  if (!row) throw passkeyUnknown();
  return passkeyOf(row);
}

export async function removePasskey(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(memberPasskeys)
    .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.userId, userId)))
    .returning({ id: memberPasskeys.id });
  if (gone.length !== 1) throw passkeyUnknown();
}
