import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/index.ts';
import { createSandboxGateway } from '../modules/payments/gateways/sandbox.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { isLoopback } from './sandbox-guard.ts';

const REMOTE = '203.0.113.9';

let t: TestApp;
let cashier: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
  const action = await createSandboxGateway(t.config).create({
    paymentNo: 'P-GUARD-1',
    channel: 'alipay_pc',
    amountFen: 100,
    subject: 'Traffic',
    clientIp: '127.0.0.1',
    returnUrl: 'http://localhost:8080/order?id=1',
    quitUrl: 'http://localhost:8080/order?id=1&cancelled=1',
    notifyUrl: 'http://localhost:8080/app-api/pay/notify/sandbox',
    expireAt: new Date(Date.now() + 600_000),
  });
  cashier = new URL(action.kind === 'redirect' ? action.url : action.codeUrl).pathname;
});
afterAll(() => t.close());

/** Every sandbox route: the outbox for people and for scripts, the cashier page and its buttons. */
const sandboxRequests = () => [
  { method: 'GET' as const, url: '/sandbox/outbox' },
  { method: 'GET' as const, url: '/sandbox/outbox.json' },
  { method: 'GET' as const, url: '/sandbox/outbox.json?to=13800138000' },
  { method: 'GET' as const, url: cashier },
  { method: 'POST' as const, url: `${cashier}/fail` },
  { method: 'POST' as const, url: `${cashier}/pay` },
];

const send = (app: TestApp, request: { method: 'GET' | 'POST'; url: string }, remoteAddress: string, headers = {}) =>
  app.app.inject({ ...request, remoteAddress, headers: { accept: 'text/html', ...headers } });

describe('the sandbox outbox and cashier', () => {
  it('refuse a client on another machine with 403 and a bilingual explanation', async () => {
    for (const request of sandboxRequests()) {
      const res = await send(t, request, REMOTE);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.body).not.toMatch(/\d{6}/); // no code
      expect(res.body).toContain('SANDBOX_UNSAFE_PUBLIC=true');
      expect(res.body).toContain('只允许本机访问');
    }
    // However the path is spelled.
    const encoded = await t.app.inject({ url: '/%73andbox/outbox.json', remoteAddress: REMOTE });
    expect(encoded.statusCode).not.toBe(200);
  });

  it('answer loopback clients (IPv4, IPv6, IPv4-mapped IPv6)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await send(t, { method: 'GET', url: '/sandbox/outbox.json' }, address)).statusCode, address).toBe(200);
      expect((await send(t, { method: 'GET', url: '/sandbox/outbox' }, address)).statusCode, address).toBe(200);
      expect((await send(t, { method: 'GET', url: cashier }, address)).statusCode, address).toBe(200);
    }
  });

  it('do not believe X-Forwarded-For from an untrusted peer', async () => {
    const res = await send(t, { method: 'GET', url: '/sandbox/outbox.json' }, REMOTE, { 'x-forwarded-for': '127.0.0.1' });
    expect(res.statusCode).toBe(403);
  });

  it('behind a trusted proxy, answer only when the forwarded client is loopback too', async () => {
    const proxied = await createTestApp({ database: t.database, env: { SANDBOX: 'true', TRUSTED_PROXY: '127.0.0.1' } });
    try {
      const outbox = { method: 'GET' as const, url: '/sandbox/outbox.json' };
      // nginx on this machine forwarding a visitor from elsewhere.
      expect((await send(proxied, outbox, '127.0.0.1', { 'x-forwarded-for': REMOTE })).statusCode).toBe(403);
      expect((await send(proxied, outbox, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
      // A peer that is not the trusted proxy: its header is ignored, and it is remote.
      expect((await send(proxied, outbox, REMOTE, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
    // TRUSTED_PROXY=true trusts every hop, but a remote socket peer is still remote.
    const trusting = await createTestApp({ database: t.database, env: { SANDBOX: 'true', TRUSTED_PROXY: 'true' } });
    try {
      const res = await send(trusting, { method: 'GET', url: '/sandbox/outbox.json' }, REMOTE, {
        'x-forwarded-for': '127.0.0.1',
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await trusting.close();
    }
  });

  it('answer everyone with SANDBOX_UNSAFE_PUBLIC=true', async () => {
    const open = await createTestApp({ database: t.database, env: { SANDBOX: 'true', SANDBOX_UNSAFE_PUBLIC: 'true' } });
    try {
      expect(open.config.sandboxUnsafePublic).toBe(true);
      for (const url of ['/sandbox/outbox.json', '/sandbox/outbox']) {
        expect((await send(open, { method: 'GET', url }, REMOTE)).statusCode, url).toBe(200);
      }
    } finally {
      await open.close();
    }
  });

  it('leave the rest of the portal open to everyone', async () => {
    const res = await t.app.inject({ url: '/app-api/system/client-config', remoteAddress: REMOTE });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sandbox).toBe(true);
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.2', true],
    ['0:0:0:0:0:0:0:1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['fe80::1', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

describe('SANDBOX=false', () => {
  it('refuses to start without a real provider, naming what is missing', () => {
    let error: unknown;
    try {
      loadConfig({ SANDBOX: 'false', DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues.map((i) => i.variable)).toEqual(['SANDBOX']);
    for (const name of ['ALIPAY_APP_ID', 'WECHATPAY_MCHID', 'SMS_PROVIDER', 'SMTP_URL'])
      expect(issues[0]?.message).toContain(name);
  });

  it('starts with any real provider; the sandbox default needs none', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(
      loadConfig({ SANDBOX: 'false', DATA_ENCRYPTION_KEY: key, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@example.com' })
        .sandbox,
    ).toBe(false);
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({}).sandboxUnsafePublic).toBe(false);
  });
});
