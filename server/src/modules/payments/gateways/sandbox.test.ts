import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway, SANDBOX_SIGNATURE_HEADER, type SandboxGateway, sandboxKeyPath } from './sandbox.ts';
import { GatewayError, NotificationRejected, type PaymentRequest } from './types.ts';

let dataDir: string;
let gateway: SandboxGateway;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-pay-test-'));
  gateway = createSandboxGateway({ dataDir });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  paymentNo: 'P20250301000003',
  channel: 'alipay_pc',
  amountFen: 4990,
  subject: 'Dynamic residential traffic 2 GB',
  clientIp: '127.0.0.1',
  returnUrl: 'http://localhost:8080/order/result?orderId=9',
  quitUrl: 'http://localhost:8080/order/9',
  notifyUrl: 'http://localhost:8080/app-api/pay/notify/sandbox',
  expireAt: new Date('2025-03-01T02:30:00Z'),
  ...over,
});

const tokenOf = (url: string) => url.slice('http://localhost:8080/sandbox/cashier/'.length);

const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    paymentNo: 'P20250301000003',
    tradeNo: 'SANDBOX12345678901234567890',
    amountFen: 4990,
    appId: 'sandbox',
    status: 'SUCCESS',
    paidAt: '2025-03-01T02:05:00.000Z',
    ...over,
  });

describe('sandbox gateway', () => {
  it('sends redirect channels to the cashier and shows wx_native as a QR of it', async () => {
    for (const channel of ['alipay_pc', 'alipay_wap', 'wx_h5'] as const) {
      const action = await gateway.create(request({ channel }));
      expect(action.kind).toBe('redirect');
      expect(action.kind === 'redirect' && action.url).toMatch(/^http:\/\/localhost:8080\/sandbox\/cashier\/[\w-]+\.[\w-]+$/);
    }
    const qr = await gateway.create(request({ channel: 'wx_native' }));
    expect(qr.kind).toBe('qr');
    expect(qr.kind === 'qr' && qr.codeUrl).toMatch(/^http:\/\/localhost:8080\/sandbox\/cashier\//);
  });

  it('round-trips the cashier token', async () => {
    const action = await gateway.create(request({ channel: 'alipay_wap' }));
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    await expect(gateway.readCashierToken(tokenOf(action.url))).resolves.toEqual({
      paymentNo: 'P20250301000003',
      channel: 'alipay_wap',
      amountFen: 4990,
      subject: 'Dynamic residential traffic 2 GB',
      returnUrl: 'http://localhost:8080/order/result?orderId=9',
      quitUrl: 'http://localhost:8080/order/9',
      notifyUrl: 'http://localhost:8080/app-api/pay/notify/sandbox',
      expireAt: Date.parse('2025-03-01T02:30:00Z'),
    });
  });

  it('refuses a token with a changed amount, a foreign signature or garbage', async () => {
    const action = await gateway.create(request());
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    const [payload = '', signature = ''] = tokenOf(action.url).split('.');
    const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const cheaper = Buffer.from(JSON.stringify({ ...ticket, amountFen: 1 }), 'utf8').toString('base64url');
    await expect(gateway.readCashierToken(`${cheaper}.${signature}`)).resolves.toBeNull();

    const otherDir = await mkdtemp(join(tmpdir(), 'sandbox-pay-other-'));
    try {
      const other = createSandboxGateway({ dataDir: otherDir });
      const forged = await other.create(request());
      if (forged.kind !== 'redirect') throw new Error('expected a redirect');
      await expect(gateway.readCashierToken(tokenOf(forged.url))).resolves.toBeNull();
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
    for (const token of ['', '.', payload, `${payload}.`, `${payload}.${signature}.x`, `${payload}.${signature}=`, 'a.b'])
      await expect(gateway.readCashierToken(token), token.slice(0, 20)).resolves.toBeNull();
  });

  it('signs alike on every instance given the same data key, with nothing on their disks; another key is refused', async () => {
    const key = Buffer.alloc(32, 9);
    const dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'sandbox-pay-shared-'))));
    try {
      const [a, b] = dirs.map((dir) => createSandboxGateway({ dataDir: dir, dataEncryptionKey: key }));
      const action = await a?.create(request());
      if (action?.kind !== 'redirect') throw new Error('expected a redirect');
      await expect(b?.readCashierToken(tokenOf(action.url))).resolves.toMatchObject({ amountFen: request().amountFen });
      const otherKey = createSandboxGateway({ dataDir: dirs[0] as string, dataEncryptionKey: Buffer.alloc(32, 8) });
      await expect(otherKey.readCashierToken(tokenOf(action.url))).resolves.toBeNull();
      for (const dir of dirs) expect(existsSync(join(dir, 'private'))).toBe(false);
    } finally {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });

  it('refuses to create a payment it could not show', async () => {
    await expect(gateway.create(request({ amountFen: 0 }))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.create(request({ notifyUrl: '/relative' }))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.create(request({ returnUrl: 'javascript:alert(1)' }))).rejects.toBeInstanceOf(GatewayError);
  });

  it('verifies its own notification signature', async () => {
    const rawBody = body();
    const signature = await gateway.signNotification(rawBody);
    await expect(gateway.verifyNotification({ headers: { [SANDBOX_SIGNATURE_HEADER]: signature }, rawBody })).resolves.toEqual({
      paymentNo: 'P20250301000003',
      tradeNo: 'SANDBOX12345678901234567890',
      amountFen: 4990,
      currency: 'CNY',
      appId: 'sandbox',
      paid: true,
      paidAt: new Date('2025-03-01T02:05:00Z'),
    });
    expect(gateway.expectedAppId).toBe('sandbox');
  });

  it('rejects a changed body, a missing or foreign signature and a mis-shaped body', async () => {
    const rawBody = body();
    const signature = await gateway.signNotification(rawBody);
    const signedBad = async (raw: string) => ({
      headers: { [SANDBOX_SIGNATURE_HEADER]: await gateway.signNotification(raw) },
      rawBody: raw,
    });
    const cases: [{ headers: Record<string, string>; rawBody: string }, RegExp][] = [
      [{ headers: { [SANDBOX_SIGNATURE_HEADER]: signature }, rawBody: body({ amountFen: 4991 }) }, /signature is invalid/],
      [{ headers: {}, rawBody }, /without x-sandbox-signature/],
      [{ headers: { [SANDBOX_SIGNATURE_HEADER]: 'not base64!' }, rawBody }, /not base64/],
      [{ headers: { [SANDBOX_SIGNATURE_HEADER]: Buffer.alloc(64).toString('base64') }, rawBody }, /signature is invalid/],
      [await signedBad('not json'), /malformed/],
      [await signedBad(body({ status: 'CLOSED' })), /malformed/],
      [await signedBad(body({ amountFen: 49.9 })), /malformed/],
      [await signedBad(body({ paidAt: 'now' })), /malformed/],
      [await signedBad(body({ extra: 1 })), /malformed/],
    ];
    for (const [notification, reason] of cases) {
      const result = gateway.verifyNotification(notification);
      await expect(result, String(reason)).rejects.toBeInstanceOf(NotificationRejected);
      await expect(result, String(reason)).rejects.toThrow(reason);
    }
  });

  it('keeps its key in DATA_DIR/private, owner only, across restarts', async () => {
    const path = sandboxKeyPath(dataDir);
    expect(path).toBe(join(dataDir, 'private', 'sandbox-pay.pem'));
    expect(await readFile(path, 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'private'))).mode & 0o777).toBe(0o700);

    const action = await gateway.create(request());
    const rawBody = body();
    const signature = await gateway.signNotification(rawBody);
    const restarted = createSandboxGateway({ dataDir });
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    await expect(restarted.readCashierToken(tokenOf(action.url))).resolves.toMatchObject({ amountFen: 4990 });
    await expect(
      restarted.verifyNotification({ headers: { [SANDBOX_SIGNATURE_HEADER]: signature }, rawBody }),
    ).resolves.toMatchObject({
      paid: true,
    });
  });

  it('acknowledges with success or fail', () => {
    expect(gateway.acknowledge(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(gateway.acknowledge(false)).toEqual({ status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' });
  });
});
