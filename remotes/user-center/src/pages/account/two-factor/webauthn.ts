import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';

/**
 * The browser half of passkeys in the user centre (decision 0057). @simplewebauthn/browser is loaded
 * only when a passkey is added or used, not with the account page.
 */
const browser = () => import('@simplewebauthn/browser');

/**
 * Creates a passkey and adds it under `name`. `guard` runs each call through the step-up check (the
 * first one asks, if needed; the second is then within the window).
 */
export async function addPasskey(name: string, guard: <T>(call: () => Promise<T>) => Promise<T>) {
  const [{ startRegistration }, asked] = await Promise.all([
    browser(),
    guard(() => callApi(api.twoFactorPasskeyRegisterOptions, undefined, { silent: true })),
  ]);
  const credential = await startRegistration({ optionsJSON: asked.options as never });
  return guard(() => callApi(api.twoFactorPasskeyRegister, { body: { name, credential } }, { silent: true }));
}

/** Checks this session with one of the member's passkeys (the step-up check). */
export async function verifyWithPasskey(): Promise<void> {
  const [{ startAuthentication }, asked] = await Promise.all([
    browser(),
    callApi(api.twoFactorPasskeyVerifyOptions, undefined, { silent: true }),
  ]);
  const credential = await startAuthentication({ optionsJSON: asked.options as never });
  await callApi(api.twoFactorPasskeyVerify, { body: { credential } }, { silent: true });
}

/** The device a passkey is being made on, for its default name (the member can change it). */
export function deviceName(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string | null {
  const known: [RegExp, string][] = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'Chromebook'],
    [/Macintosh|Mac OS X/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ];
  return known.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
