import { createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, type KeyObject, sign, verify } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAY_CHANNELS, type PayChannel } from '@portal/shared';
import { z } from 'zod';
import { privateDir } from '../../../config/index.ts';
import {
  GatewayError,
  type GatewayAction,
  type IncomingNotification,
  NotificationRejected,
  type NotificationAck,
  type PaymentGateway,
  type PaymentRequest,
  type RefundAnswer,
  type RefundRequest,
  type VerifiedNotification,
} from './types.ts';

/**
 * The built-in sandbox provider (SANDBOX=true, no real keys): its "cashier" is a page of this very
 * server (cashier/routes.ts) that plays Alipay or WeChat Pay. Everything it hands out is signed with
 * its own Ed25519 key (derived from DATA_ENCRYPTION_KEY when it is set, so every instance of one
 * shop has the same; else kept in `${DATA_DIR}/private/sandbox-pay.pem`): the cashier token (so the
 * cashier needs no database and a forged token is refused) and the payment notification (so the
 * notify route trusts only the cashier, exactly as it trusts a real provider's signature).
 */

export const SANDBOX_APP_ID = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const CASHIER_PATH = '/sandbox/cashier';

export const sandboxKeyPath = (dataDir: string) => join(privateDir(dataDir), 'sandbox-pay.pem');

/** What the cashier shows and does, carried by its token. */
export interface CashierTicket {
  paymentNo: string;
  channel: PayChannel;
  amountFen: number;
  subject: string;
  returnUrl: string;
  quitUrl: string;
  notifyUrl: string;
  /** Epoch milliseconds: after this the cashier refuses to pay. */
  expireAt: number;
}

/** The notification body the cashier posts to the notify route (signed in `x-sandbox-signature`). */
export interface SandboxNotification {
  paymentNo: string;
  tradeNo: string;
  amountFen: number;
  appId: string;
  status: 'SUCCESS';
  /** ISO 8601. */
  paidAt: string;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** The ticket of a cashier token, or null when it is malformed or not signed by this gateway (expiry is the caller's). */
  readCashierToken(token: string): Promise<CashierTicket | null>;
  /** The `x-sandbox-signature` of a notification body (base64 Ed25519 over its exact bytes). */
  signNotification(rawBody: string): Promise<string>;
}

export interface SandboxGatewayOptions {
  /** DATA_DIR: without a secret, the key lives in `${dataDir}/private/sandbox-pay.pem`. */
  dataDir: string;
  /**
   * The data key (DATA_ENCRYPTION_KEY): the signing key is derived from it, so a cashier token or
   * notification signed by one instance is accepted by every other, with nothing on their disks.
   */
  dataEncryptionKey?: Buffer | null;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function derivedKey(secret: Buffer): { privateKey: KeyObject; publicKey: KeyObject } {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'portal', 'sandbox-pay:ed25519:v1', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

const httpUrl = z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol));

const ticketSchema = z.strictObject({
  paymentNo: z.string().min(1).max(64),
  channel: z.enum(PAY_CHANNELS),
  amountFen: z.number().int().positive(),
  subject: z.string().max(512),
  returnUrl: httpUrl,
  quitUrl: httpUrl,
  notifyUrl: httpUrl,
  expireAt: z.number().int(),
});

const notificationSchema = z.strictObject({
  paymentNo: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(64),
  amountFen: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  appId: z.string().min(1).max(64),
  status: z.literal('SUCCESS'),
  paidAt: z.iso.datetime({ offset: true }),
});

/** The sandbox's key pair: read from the data folder, created there (owner only) on first use. */
async function loadOrCreateKey(dataDir: string): Promise<{ privateKey: KeyObject; publicKey: KeyObject }> {
  const path = sandboxKeyPath(dataDir);
  try {
    const privateKey = createPrivateKey(await readFile(path, 'utf8'));
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${path} does not hold an Ed25519 key`);
    return { privateKey, publicKey: createPublicKey(privateKey) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(privateDir(dataDir), { recursive: true, mode: 0o700 });
  await chmod(privateDir(dataDir), 0o700);
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    // wx: two processes starting at once must not replace each other's key.
    await writeFile(path, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateKey(dataDir);
    throw err;
  }
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

const headerOf = (headers: IncomingNotification['headers'], name: string): string | undefined => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/** The sandbox's refund id of one of our refund numbers (the same for every attempt). */
export const sandboxRefundId = (refundNo: string) => `SANDBOX-${refundNo}`;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function createSandboxGateway({ dataDir, dataEncryptionKey }: SandboxGatewayOptions): SandboxGateway {
  let keys: Promise<{ privateKey: KeyObject; publicKey: KeyObject }> | null = dataEncryptionKey
    ? Promise.resolve(derivedKey(dataEncryptionKey))
    : null;
  const getKeys = () => {
    keys ??= loadOrCreateKey(dataDir).catch((err: unknown) => {
      keys = null; // a later call may succeed (e.g. once the folder is writable)
      throw err;
    });
    return keys;
  };

  return {
    name: 'sandbox',
    expectedAppId: SANDBOX_APP_ID,

    async create(request: PaymentRequest): Promise<GatewayAction> {
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0)
        throw new GatewayError(`invalid amount ${request.amountFen} fen`);
      if (!URL.canParse(request.notifyUrl)) throw new GatewayError('the notify URL is not absolute');
      const ticket: CashierTicket = {
        paymentNo: request.paymentNo,
        channel: request.channel,
        amountFen: request.amountFen,
        subject: request.subject,
        returnUrl: request.returnUrl,
        quitUrl: request.quitUrl,
        notifyUrl: request.notifyUrl,
        expireAt: request.expireAt.getTime(),
      };
      const parsed = ticketSchema.safeParse(ticket);
      if (!parsed.success) throw new GatewayError(`sandbox payment request is invalid: ${parsed.error.message}`);
      const payload = Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
      const signature = sign(null, Buffer.from(payload, 'ascii'), (await getKeys()).privateKey).toString('base64url');
      const url = `${new URL(request.notifyUrl).origin}${CASHIER_PATH}/${payload}.${signature}`;
      return request.channel === 'wx_native' ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url };
    },

    async readCashierToken(token: string): Promise<CashierTicket | null> {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0 || token.length > 8192) return null;
      if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
      const { publicKey } = await getKeys();
      try {
        if (!verify(null, Buffer.from(payload, 'ascii'), publicKey, Buffer.from(signature, 'base64url'))) return null;
        const parsed = ticketSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    async signNotification(rawBody: string): Promise<string> {
      return sign(null, Buffer.from(rawBody, 'utf8'), (await getKeys()).privateKey).toString('base64');
    },

    async verifyNotification({ headers, rawBody }: IncomingNotification): Promise<VerifiedNotification> {
      const signature = headerOf(headers, SANDBOX_SIGNATURE_HEADER)?.trim();
      if (!signature) throw new NotificationRejected(`sandbox notification without ${SANDBOX_SIGNATURE_HEADER}`);
      if (!BASE64.test(signature))
        throw new NotificationRejected(`sandbox notification ${SANDBOX_SIGNATURE_HEADER} is not base64`);
      const { publicKey } = await getKeys();
      let authentic = false;
      try {
        authentic = verify(null, Buffer.from(rawBody, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
      } catch {
        authentic = false;
      }
      if (!authentic) throw new NotificationRejected('sandbox notification signature is invalid');
      let body: SandboxNotification;
      try {
        body = notificationSchema.parse(JSON.parse(rawBody));
      } catch (err) {
        throw new NotificationRejected('sandbox notification is malformed', { cause: err });
      }
      return {
        paymentNo: body.paymentNo,
        tradeNo: body.tradeNo,
        amountFen: body.amountFen,
        currency: 'CNY',
        appId: body.appId,
        paid: body.status === 'SUCCESS',
        paidAt: new Date(body.paidAt),
      };
    },

    acknowledge(ok: boolean): NotificationAck {
      return ok
        ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
        : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
    },

    // The sandbox plays a provider that refunds at once: a valid refund succeeds (the buyer's money
    // is "back"), keyed by our refund number as a real provider keys it; asking again says the same.
    async refund(request: RefundRequest): Promise<RefundAnswer> {
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0 || request.amountFen > request.paymentAmountFen)
        return { state: 'closed', providerRefundId: null, detail: `invalid refund amount ${request.amountFen} fen` };
      return { state: 'succeeded', providerRefundId: sandboxRefundId(request.refundNo), detail: null };
    },

    async queryRefund({ refundNo }): Promise<RefundAnswer> {
      return { state: 'succeeded', providerRefundId: sandboxRefundId(refundNo), detail: null };
    },
  };
}
