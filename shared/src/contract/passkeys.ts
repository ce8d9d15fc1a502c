import { z } from 'zod';
import { loginResult } from './auth.ts';
import { defineApi } from './define.ts';
import { id, text } from './primitives.ts';

/**
 * Passkeys (WebAuthn; issue 32, ask 3; docs/decisions/0057-passkeys.md): a second factor like the
 * authenticator app, and a sign-in without password. The server makes the options and checks the
 * answers with @simplewebauthn/server; the browser passes them to navigator.credentials with
 * @simplewebauthn/browser.
 */

/** Passkeys one member keeps at most (a phone, a laptop, a security key… with room to spare). */
export const PASSKEY_LIMIT = 20;
/** How long the options of a ceremony (their challenge) can be answered. */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;

const base64url = z.string().regex(/^[A-Za-z0-9_-]*={0,2}$/, 'validation.passkeyResponse');
const blob = (max: number) => base64url.max(max, 'validation.passkeyResponse');

/** A way an authenticator talks to the browser (`internal`, `hybrid`, `usb`…; new ones may come, so any short word). */
const transport = z.string().regex(/^[a-z-]{1,20}$/, 'validation.passkeyResponse');
const attachment = z.enum(['platform', 'cross-platform']);

/** What navigator.credentials.create answers, as @simplewebauthn/browser serialises it (RegistrationResponseJSON). */
export const passkeyRegistration = z.object({
  id: blob(1400),
  rawId: blob(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: blob(4000),
    attestationObject: blob(40_000),
    transports: z.array(transport).max(10).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  /** Only `credProps` is read; other extension outputs are dropped. */
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
});

/** What navigator.credentials.get answers (AuthenticationResponseJSON). */
export const passkeyAssertion = z.object({
  id: blob(1400),
  rawId: blob(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: blob(4000),
    authenticatorData: blob(4000),
    signature: blob(2000),
    userHandle: blob(200).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  /** Only `credProps` is read; other extension outputs are dropped. */
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
});

/** Options for navigator.credentials (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), passed on as they are. */
export const webauthnOptions = z.object({ options: z.looseObject({ challenge: z.string() }) });

export const passkeyName = text(50, 'validation.passkeyName').min(1, 'validation.passkeyName');
const signInChallenge = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'validation.challenge');

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Epoch ms. */
  createdAt: z.number().int(),
  /** Epoch ms of the last sign-in or check with it; null when never used. */
  lastUsedAt: z.number().int().nullable(),
  /** Synced by its provider (a password manager, iCloud Keychain…): it survives a lost device. */
  backedUp: z.boolean(),
});
export type Passkey = z.output<typeof passkey>;

export const passkeyApi = {
  authLoginPasskeyOptions: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/login/passkey/options',
    summary:
      'Options for signing in with a passkey: with the challenge of auth/login, as the second factor (the member’s passkeys); without, a sign-in without password (any passkey of the site, user verification required)',
    tags: ['auth'],
    auth: false,
    body: z.object({ challenge: signInChallenge.optional() }),
    data: webauthnOptions,
  }),
  authLoginPasskey: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/login/passkey',
    summary: 'Signs in with the passkey’s answer to the options (with or without the password step); returns a bearer token',
    tags: ['auth'],
    auth: false,
    body: z.object({ challenge: signInChallenge.optional(), credential: passkeyAssertion }),
    data: loginResult,
  }),
  twoFactorPasskeyList: defineApi({
    method: 'GET',
    path: '/app-api/ip/two-factor/passkeys',
    summary: 'The caller’s passkeys, newest first',
    tags: ['two factors'],
    auth: true,
    data: z.array(passkey),
  }),
  twoFactorPasskeyRegisterOptions: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/passkeys/register/options',
    summary: 'Options for navigator.credentials.create to add a passkey (needs a recent check when two factors are on)',
    tags: ['two factors'],
    auth: true,
    data: webauthnOptions,
  }),
  twoFactorPasskeyRegister: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/passkeys',
    summary: 'Adds a passkey from the browser’s answer to the register options, under the name given (needs a recent check)',
    tags: ['two factors'],
    auth: true,
    body: z.object({ name: passkeyName, credential: passkeyRegistration }),
    data: passkey,
  }),
  twoFactorPasskeyRename: defineApi({
    method: 'PUT',
    path: '/app-api/ip/two-factor/passkeys/name',
    summary: 'Renames one of the caller’s passkeys',
    tags: ['two factors'],
    auth: true,
    body: z.object({ id, name: passkeyName }),
    data: passkey,
  }),
  twoFactorPasskeyRemove: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/passkeys/remove',
    summary:
      'Removes one of the caller’s passkeys (needs a recent check; refused for the last factor while the account requires two)',
    tags: ['two factors'],
    auth: true,
    body: z.object({ id }),
    data: z.boolean(),
  }),
  twoFactorPasskeyVerifyOptions: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/passkeys/verify/options',
    summary: 'Options for checking this session with one of the caller’s passkeys (the step-up check)',
    tags: ['two factors'],
    auth: true,
    data: webauthnOptions,
  }),
  twoFactorPasskeyVerify: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/passkeys/verify',
    summary: 'Checks this session with a passkey’s answer, so sensitive actions are allowed for the next minutes',
    tags: ['two factors'],
    auth: true,
    body: z.object({ credential: passkeyAssertion }),
    data: z.boolean(),
  }),
};
