import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxGateway, type SandboxGateway } from '../sandbox.ts';
import type { IncomingNotification, PaymentRequest, VerifiedNotification } from '../types.ts';
import { sandboxCashierRoutes } from './routes.ts';

const NOTIFY_PATH = '/app-api/pay/notify/sandbox';
let now = new Date('2025-03-01T02:00:00Z');

let dataDir: string;
let gateway: SandboxGateway;
let app: FastifyInstance;
/** What the fake notify route received, and whether to acknowledge it. */
let received: IncomingNotification[];
let verified: VerifiedNotification[];
let acceptNotifications = true;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-cashier-test-'));
  gateway = createSandboxGateway({ dataDir });
  app = Fastify({ logger: false });
  // Stands in for the real notify route: raw body in, gateway verification, gateway ack out.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(NOTIFY_PATH, async (request, reply) => {
      const notification = { headers: request.headers, rawBody: String(request.body) };
      received.push(notification);
      let ok = acceptNotifications;
      try {
        verified.push(await gateway.verifyNotification(notification));
      } catch {
        ok = false;
      }
      const ack = gateway.acknowledge(ok);
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    });
  });
  await app.register(sandboxCashierRoutes, {
    gateway,
    notifyPath: NOTIFY_PATH,
    now: () => now,
    // The portal's public origin in these tests.
    allowsRedirect: async (url) => new URL(url).origin === 'http://localhost:8080',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
  verified = [];
  acceptNotifications = true;
  now = new Date('2025-03-01T02:00:00Z');
});

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  paymentNo: 'P20250301000004',
  channel: 'alipay_pc',
  amountFen: 12345,
  subject: 'Dynamic residential traffic <10 GB>',
  clientIp: '127.0.0.1',
  returnUrl: 'http://localhost:8080/order/result?orderId=10',
  quitUrl: 'http://localhost:8080/order/10',
  notifyUrl: `http://localhost:8080${NOTIFY_PATH}`,
  expireAt: new Date('2025-03-01T02:30:00Z'),
  ...over,
});

/** The cashier path of a new payment. */
async function cashierPath(over: Partial<PaymentRequest> = {}): Promise<string> {
  const action = await gateway.create(request(over));
  return new URL(action.kind === 'redirect' ? action.url : action.codeUrl).pathname;
}

describe('sandbox cashier routes', () => {
  it('shows an Alipay cashier in Chinese by default, in English on request', async () => {
    const path = await cashierPath();
    expect(path.length).toBeGreaterThan(200); // beyond the router's :param limit

    const zh = await app.inject({ method: 'GET', url: path });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('text/html');
    expect(zh.headers['cache-control']).toBe('no-store');
    expect(zh.headers['content-security-policy']).toContain("default-src 'none'");
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('沙箱环境 — 不会发生真实扣款');
    expect(zh.body).toContain('支付宝');
    expect(zh.body).toContain('123.45');
    expect(zh.body).toContain('支付 ¥123.45');
    expect(zh.body).toContain('data-testid="sandbox-pay"');
    expect(zh.body).toContain('data-testid="sandbox-fail"');
    expect(zh.body).toContain('Dynamic residential traffic &lt;10 GB&gt;');
    expect(zh.body).toContain('30:00'); // time left
    expect(zh.body).not.toMatch(/<(link|img)\b|src="http/); // self-contained

    const en = await app.inject({ method: 'GET', url: `${path}?lang=en` });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('SANDBOX — no real money moves');
    expect(en.body).toContain('Pay ¥123.45');
    expect(en.body).toContain('Simulate failure');
    const byHeader = await app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(byHeader.body).toContain('<html lang="en">');
    const nonce = /script-src 'nonce-([^']+)'/.exec(en.headers['content-security-policy'] as string)?.[1];
    expect(en.body).toContain(`<script nonce="${nonce}">`);
  });

  it('shows WeChat Native in green with an inline SVG QR code of the page', async () => {
    const path = await cashierPath({ channel: 'wx_native' });
    const res = await app.inject({ method: 'GET', url: `${path}?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="wechat">');
    expect(res.body).toContain('WeChat Pay');
    expect(res.body).toMatch(/<svg role="img" aria-label="[^"]+"[^>]*viewBox/);
    expect(res.body).toContain('data-testid="sandbox-pay"');
  });

  it('pays: delivers a notification the gateway verifies, then returns to the merchant', async () => {
    const path = await cashierPath({ channel: 'alipay_wap' });
    const res = await app.inject({
      method: 'POST',
      url: `${path}/pay?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:8080/order/result?orderId=10');
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(verified).toEqual([
      {
        paymentNo: 'P20250301000004',
        tradeNo: expect.stringMatching(/^SANDBOX\d{20}$/),
        amountFen: 12345,
        currency: 'CNY',
        appId: 'sandbox',
        paid: true,
        paidAt: now,
      },
    ]);
  });

  it('pays wx_native: a "payment complete" page instead of a redirect', async () => {
    const path = await cashierPath({ channel: 'wx_native' });
    const res = await app.inject({ method: 'POST', url: `${path}/pay?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Payment complete');
    expect(res.body).toContain('close this page');
    expect(verified).toHaveLength(1);
  });

  it('shows an error page when the merchant does not acknowledge', async () => {
    acceptNotifications = false;
    const path = await cashierPath();
    const res = await app.inject({ method: 'POST', url: `${path}/pay?lang=en` });
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('did not confirm');
    expect(res.body).toContain('HTTP 400');
  });

  it('fails: no notification; back to quitUrl, or a "not made" page for wx_native', async () => {
    const res = await app.inject({ method: 'POST', url: `${await cashierPath({ channel: 'wx_h5' })}/fail` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:8080/order/10');
    const native = await app.inject({ method: 'POST', url: `${await cashierPath({ channel: 'wx_native' })}/fail` });
    expect(native.statusCode).toBe(200);
    expect(native.body).toContain('未完成支付');
    expect(received).toEqual([]);
  });

  it('refuses a forged or malformed token with 400 and an expired one with 410, in the language', async () => {
    const path = await cashierPath();
    const [payload = '', signature = ''] = path.slice('/sandbox/cashier/'.length).split('.');
    const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const cheaper = `/sandbox/cashier/${Buffer.from(JSON.stringify({ ...ticket, amountFen: 1 })).toString('base64url')}.${signature}`;

    for (const url of [cheaper, '/sandbox/cashier/nonsense', '/sandbox/cashier/a/b', '/sandbox/cashier/']) {
      const res = await app.inject({ method: 'GET', url: `${url}?lang=en` });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('Invalid payment link');
    }
    const forgedPay = await app.inject({ method: 'POST', url: `${cheaper}/pay` });
    expect(forgedPay.statusCode).toBe(400);
    expect(forgedPay.body).toContain('无效的支付链接');
    expect((await app.inject({ method: 'POST', url: `${path}/refund` })).statusCode).toBe(400);

    now = new Date('2025-03-01T02:30:00Z');
    const expired = await app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'zh-CN' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('支付链接已过期');
    const expiredPay = await app.inject({ method: 'POST', url: `${path}/pay?lang=en` });
    expect(expiredPay.statusCode).toBe(410);
    expect(expiredPay.body).toContain('Payment link expired');
    expect(received).toEqual([]);
  });
});
