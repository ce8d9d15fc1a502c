import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for tests (WebAuthn level 3, ES256, "none" attestation): answers the options of
 * the server as a browser with a platform authenticator would, so registration and sign-in are
 * tested through the real verification of @simplewebauthn/server.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerTweaks {
  /** The page's origin as the browser reports it (default: the authenticator's origin). */
  origin?: string;
  /** User verification done (PIN, biometrics); default true. */
  userVerified?: boolean;
  /** The signature counter sent (default: one more than the last). */
  counter?: number;
  /** Break the signature. */
  badSignature?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id() {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = (this.keys.publicKey as KeyObject).export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  private authData(flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer of navigator.credentials.create to registration options (RegistrationResponseJSON). */
  register(options: { challenge: string; user?: { id: string } }, tweaks: AnswerTweaks = {}) {
    this.userHandle = options.user?.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = FLAG_UP | FLAG_AT | (tweaks.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, tweaks.counter ?? 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tweaks.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The answer of navigator.credentials.get to authentication options (AuthenticationResponseJSON). */
  assert(options: { challenge: string }, tweaks: AnswerTweaks = {}) {
    this.counter = tweaks.counter ?? this.counter + 1;
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweaks.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    if (tweaks.badSignature) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
