/**
 * What the browser says about passkeys (decision 0057), for the shell's login page and the user
 * centre alike; checked without loading @simplewebauthn/browser, which comes only when one is used.
 */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The visitor closed the browser's passkey prompt, or it timed out: nothing to report as an error. */
export const isPasskeyCancel = (e: unknown) => e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');

/** The browser refused a passkey already on this device (excludeCredentials) or cannot make one. */
export const isPasskeyExisting = (e: unknown) => e instanceof Error && e.name === 'InvalidStateError';
