import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import { createTestApp, type TestApp, withoutSandboxEnv } from '../../test/app.ts';
import { createMessenger, Messenger } from './messenger.ts';
import { outboxMessages } from './tables.ts';
import {
  AliyunSmsTransport,
  aliyunSignedQuery,
  type FetchLike,
  type OutgoingMessage,
  SmtpTransport,
  type Transport,
  WebhookSmsTransport,
} from './transports.ts';

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  channel: 'sms',
  to: '13800138000',
  kind: 'code',
  subject: 'Code',
  text: 'Your code is 123456',
  code: '123456',
  locale: 'en',
  ...overrides,
});

/** A fetch that records its calls and answers with `status` and `body`. */
function fakeFetch(status = 200, body = '{"Code":"OK"}') {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const fn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return { ok: status >= 200 && status < 300, status, text: async () => body };
  };
  return { fn, calls };
}

describe('sandbox outbox routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
  });
  afterAll(() => t.close());

  it('exist in the sandbox: the JSON newest first, filtered by destination', async () => {
    const base = Date.parse('2026-11-21T08:00:00Z');
    await t.app.db.insert(outboxMessages).values([
      { channel: 'sms', to: '13800138000', subject: 'A', body: 'first', code: '111111', createdAt: new Date(base) },
      { channel: 'email', to: 'ann@example.com', subject: 'B', body: 'notice', code: null, createdAt: new Date(base + 1000) },
      { channel: 'sms', to: '13800138000', subject: 'C', body: 'second', code: '222222', createdAt: new Date(base + 2000) },
    ]);
    const res = await t.app.inject({ url: '/sandbox/outbox.json?to=13800138000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      messages: [
        {
          to: '13800138000',
          channel: 'sms',
          subject: 'C',
          body: 'second',
          code: '222222',
          createdAt: '2026-11-21T08:00:02.000Z',
        },
        { to: '13800138000', channel: 'sms', subject: 'A', body: 'first', code: '111111', createdAt: '2026-11-21T08:00:00.000Z' },
      ],
    });
    expect((await t.app.inject({ url: '/sandbox/outbox.json?to=ANN@example.com' })).json().messages).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/sandbox/outbox.json' })).json().messages.map((m: { subject: string }) => m.subject),
    ).toEqual(['C', 'B', 'A']);
  });

  it('serve a readable HTML page that escapes what it shows', async () => {
    await t.app.db.insert(outboxMessages).values({
      channel: 'email',
      to: 'x@example.com',
      subject: '<script>alert(1)</script>',
      body: 'a & b',
      code: '333333',
      createdAt: new Date(),
    });
    const res = await t.app.inject({ url: '/sandbox/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<title>Sandbox outbox</title>');
    expect(res.body).toContain('333333');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('a &amp; b');
    const filtered = await t.app.inject({ url: '/sandbox/outbox?to=nobody@example.com' });
    expect(filtered.body).toContain('No messages yet.');
  });

  it('do not exist without SANDBOX', async () => {
    const real = await createTestApp({ env: withoutSandboxEnv() });
    try {
      for (const url of ['/sandbox/outbox', '/sandbox/outbox.json', '/sandbox/outbox.json?to=13800138000']) {
        const res = await real.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe('Not Found');
      }
    } finally {
      await real.close();
    }
  });
});

describe('createMessenger', () => {
  const deps = { db: {} as never, clock: () => new Date(), log: { info: () => {}, error: () => {} } };

  it('sends both channels to the outbox in the sandbox, even with providers configured', () => {
    const m = createMessenger(
      loadConfig({ SANDBOX: 'true', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/send' }),
      deps,
    );
    expect(m.available('sms')).toBe(true);
    expect(m.available('email')).toBe(true);
  });

  it('uses the configured providers outside the sandbox; a channel without one is unavailable', () => {
    const none = createMessenger(
      loadConfig({ DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=', ...withoutSandboxEnv() }),
      deps,
    );
    expect([none.available('sms'), none.available('email')]).toEqual([false, false]);
    const smsOnly = createMessenger(
      loadConfig({
        DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      }),
      deps,
    );
    expect([smsOnly.available('sms'), smsOnly.available('email')]).toEqual([true, false]);
    const mailOnly = createMessenger(
      loadConfig({
        DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'Portal <no-reply@example.com>',
      }),
      deps,
    );
    expect([mailOnly.available('sms'), mailOnly.available('email')]).toEqual([false, true]);
  });
});

describe('Messenger', () => {
  it('answers before a slow provider, logs a failure instead of throwing, and settles on demand', async () => {
    let release: () => void = () => {};
    const sent: string[] = [];
    const errors: unknown[] = [];
    const slow: Transport = {
      name: 'slow',
      send: (m) =>
        new Promise<void>((resolve, reject) => {
          release = () => {
            if (m.to === 'fail') return reject(new Error('provider down'));
            sent.push(m.to);
            resolve();
          };
        }),
    };
    const messenger = new Messenger({ sms: slow }, { info: () => {}, error: (obj: unknown) => errors.push(obj) }, false);
    await messenger.dispatch(message({ to: 'a' }));
    expect(sent).toEqual([]);
    release();
    await messenger.settle();
    expect(sent).toEqual(['a']);
    await messenger.dispatch(message({ to: 'fail' }));
    release();
    await messenger.settle();
    expect(errors).toHaveLength(1);
  });

  it('awaits the delivery when synchronous (the sandbox)', async () => {
    const sent: string[] = [];
    const transport: Transport = { name: 't', send: async (m) => void sent.push(m.to) };
    const messenger = new Messenger({ email: transport }, { info: () => {}, error: () => {} }, true);
    await messenger.dispatch(message({ channel: 'email', to: 'a@example.com' }));
    expect(sent).toEqual(['a@example.com']);
    await expect(messenger.dispatch(message({ channel: 'sms' }))).rejects.toThrow(/no transport for sms/);
  });
});

describe('AliyunSmsTransport', () => {
  const config = {
    provider: 'aliyun' as const,
    accessKeyId: 'testid',
    accessKeySecret: 'testsecret',
    signName: 'NovaProxy',
    templateCode: 'SMS_100000001',
    noticeTemplateCode: null,
    endpoint: 'https://dysmsapi.aliyuncs.com/',
  };

  it('posts a signed SendSms call with the code as template parameter', async () => {
    const fetch = fakeFetch();
    const clock = () => new Date('2026-11-21T08:00:00.123Z');
    await new AliyunSmsTransport(config, fetch.fn, clock).send(message());
    expect(fetch.calls).toHaveLength(1);
    const call = fetch.calls[0];
    expect(call?.url).toBe('https://dysmsapi.aliyuncs.com/');
    expect(call?.init.method).toBe('POST');
    const params = new URLSearchParams(call?.init.body);
    expect(Object.fromEntries(params)).toMatchObject({
      Action: 'SendSms',
      AccessKeyId: 'testid',
      PhoneNumbers: '13800138000',
      SignName: 'NovaProxy',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"123456"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Timestamp: '2026-11-21T08:00:00Z',
      Version: '2017-05-25',
    });
    // Recompute the signature the documented way: sorted, RFC 3986-encoded, "POST&%2F&" + encoded query.
    const enc = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const rest = [...params.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1));
    const canonical = rest.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
    const expected = createHmac('sha1', 'testsecret&')
      .update(`POST&%2F&${enc(canonical)}`)
      .digest('base64');
    expect(params.get('Signature')).toBe(expected);
  });

  it('signs with RFC 3986 encoding (space as %20, * and ~ as Alibaba Cloud wants)', () => {
    const query = aliyunSignedQuery({ B: 'a b*c~', A: '1' }, 'secret');
    expect(query).toMatch(/^Signature=[^&]+&A=1&B=a%20b%2Ac~$/);
  });

  it('sends the notice only with a notice template, and throws when the provider refuses', async () => {
    const fetch = fakeFetch();
    await new AliyunSmsTransport(config, fetch.fn).send(message({ kind: 'notice', code: null }));
    expect(fetch.calls).toHaveLength(0);
    await new AliyunSmsTransport({ ...config, noticeTemplateCode: 'SMS_2' }, fetch.fn).send(
      message({ kind: 'notice', code: null }),
    );
    expect(new URLSearchParams(fetch.calls[0]?.init.body).get('TemplateCode')).toBe('SMS_2');
    expect(new URLSearchParams(fetch.calls[0]?.init.body).has('TemplateParam')).toBe(false);
    const refused = fakeFetch(200, '{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"limit"}');
    await expect(new AliyunSmsTransport(config, refused.fn).send(message())).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    await expect(new AliyunSmsTransport(config, fakeFetch(500, 'oops').fn).send(message())).rejects.toThrow(/HTTP 500/);
  });
  it('refuses free text (alerts, confirmations): the messenger says so before anything is queued or sent', async () => {
    const fetch = fakeFetch();
    const transport = new AliyunSmsTransport(config, fetch.fn);
    const messenger = new Messenger({ sms: transport }, { info: () => {}, error: () => {} }, true);
    expect(messenger.available('sms')).toBe(true);
    expect(messenger.available('sms', 'text')).toBe(false);
    expect(messenger.available('sms', 'notice')).toBe(false);
    expect(
      new Messenger(
        { sms: new AliyunSmsTransport({ ...config, noticeTemplateCode: 'SMS_2' }) },
        { info: () => {}, error: () => {} },
        true,
      ).available('sms', 'notice'),
    ).toBe(true);
    // A caller that keeps and retries the message (the alert job) gets an error, never a silent skip.
    await expect(messenger.deliver(message({ kind: 'text', code: null }))).rejects.toThrow(/cannot send text/);
    await expect(transport.send(message({ kind: 'text', code: null }))).rejects.toThrow(/not free text/);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('WebhookSmsTransport', () => {
  it('posts the localized text as JSON with the bearer token', async () => {
    const fetch = fakeFetch(204, '');
    await new WebhookSmsTransport({ provider: 'webhook', url: 'https://sms.example.com/send', token: 's3cret' }, fetch.fn).send(
      message({ locale: 'zh-CN', text: '验证码 123456' }),
    );
    expect(fetch.calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer s3cret', 'content-type': 'application/json' });
    expect(JSON.parse(fetch.calls[0]?.init.body ?? '')).toEqual({
      to: '13800138000',
      text: '验证码 123456',
      code: '123456',
      locale: 'zh-CN',
      kind: 'code',
    });
    await expect(
      new WebhookSmsTransport(
        { provider: 'webhook', url: 'https://x.example.com', token: null },
        fakeFetch(502, 'bad gateway').fn,
      ).send(message()),
    ).rejects.toThrow(/HTTP 502/);
  });
});

describe('SmtpTransport', () => {
  it('delivers over SMTP with the From, subject and text (a local SMTP listener)', async () => {
    const received: string[] = [];
    const server = createServer((socket: Socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let end = buffer.indexOf(data ? '\r\n.\r\n' : '\r\n');
        while (end >= 0) {
          if (data) {
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 queued\r\n');
          } else {
            const line = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
            else if (/^DATA/i.test(line)) {
              data = true;
              socket.write('354 go on\r\n');
            } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
            else socket.write('250 ok\r\n');
          }
          end = buffer.indexOf(data ? '\r\n.\r\n' : '\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    try {
      const transport = new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'NovaProxy <no-reply@example.com>' });
      await transport.send(
        message({ channel: 'email', to: 'ann@example.com', subject: 'Your code', text: 'Code 654321', locale: 'en' }),
      );
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^From: NovaProxy <no-reply@example.com>$/m);
      expect(received[0]).toMatch(/^To: ann@example.com$/m);
      expect(received[0]).toMatch(/^Subject: Your code$/m);
      expect(received[0]).toContain('Code 654321');
    } finally {
      server.close();
    }
  });
});
