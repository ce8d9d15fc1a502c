import { AuthErrorCode, LeadErrorCode, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpsContext, runOps } from '../../cli/ops.ts';
import { loadConfig } from '../../config/index.ts';
import { createTestApp, type TestApp, testClock, withoutSandboxEnv } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { passCaptcha } from '../../test/captcha.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { outboxMessages } from '../messaging/tables.ts';
import { sendDueConfirmations } from './confirmations.ts';
import { claimDueConfirmations, CONFIRMATION_MAX_ATTEMPTS, LEAD_CONTACT_QUOTA, LEAD_IP_QUOTA } from './service.ts';
import { leads } from './tables.ts';

const URL = '/app-api/ip/custom-plan-lead/create';
const form = (overrides: Record<string, unknown> = {}) => ({
  company: 'Acme Data Ltd',
  contactName: 'Li Lei',
  contact: 'buyer@acme.example',
  volume: '500-2000',
  useCase: 'scraping',
  message: 'We scrape\n10 shops a day.',
  ...overrides,
});

let database: TestDatabase;
let t: TestApp;
let ipCounter = 0;
/** A fresh client address per call, so the address quota only counts where a test means it to. */
const nextIp = () => `198.51.100.${++ipCounter}`;
const submit = (
  payload: unknown,
  { lang = 'en', ip = nextIp(), headers = {} }: { lang?: string; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    payload: payload as object,
    remoteAddress: ip,
    headers: { 'accept-language': lang, ...headers },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.destroy();
});

describe('custom plan lead: create', () => {
  it("stores a visitor's request and sends the confirmation to the sandbox outbox in the page's language", async () => {
    const res = await submit(form({ contact: ' Buyer@ACME.example ' }));
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data).toEqual({ id: expect.any(Number), channel: 'email', to: 'b***@acme.example' });
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, data.id));
    expect(row).toMatchObject({
      company: 'Acme Data Ltd',
      contactName: 'Li Lei',
      contact: 'buyer@acme.example',
      channel: 'email',
      volume: '500-2000',
      useCase: 'scraping',
      message: 'We scrape\n10 shops a day.',
      locale: 'en',
      userId: null,
      status: 'open',
      confirmationStatus: 'sent',
      confirmationAttempts: 1,
    });
    const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'buyer@acme.example'));
    expect(mail?.channel).toBe('email');
    // Typed by a visitor: a fixed text and the number, nothing of what was written.
    expect(mail?.subject).toBe('NovaProxy: request for a custom plan received');
    expect(mail?.body).toContain(`request no. ${data.id}`);
    expect(mail?.body).not.toContain('Li Lei');
    expect(mail?.body).not.toContain('Acme');
  });

  it('confirms by SMS in Chinese for a mobile number', async () => {
    const res = await submit(form({ contact: '13700001111', company: '星河数据' }), { lang: 'zh-CN' });
    expect(res.json().data).toMatchObject({ channel: 'sms', to: '137****1111' });
    const [sms] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, '13700001111'));
    expect(sms?.body).not.toContain('星河数据');
    expect(sms?.body).toContain(`申请编号 ${res.json().data.id}`);
  });

  it("a logged-in user may leave the contact empty: the account's mobile is used and the lead is theirs", async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const res = await submit(form({ contact: '' }), { headers: bearer(token) });
    expect(res.json().data).toMatchObject({ channel: 'sms', to: `${user.mobile?.slice(0, 3)}****${user.mobile?.slice(-4)}` });
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, res.json().data.id));
    expect(row).toMatchObject({ userId: user.id, contact: user.mobile });
  });

  it.each([
    ['en', 'Enter a mobile number or an e-mail address for our reply'],
    ['zh-CN', '请填写用于接收回复的手机号码或邮箱地址'],
  ])('a visitor without a contact gets a 400 on the field (%s)', async (lang, message) => {
    const res = await submit(form({ contact: '' }), { lang });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ contact: message });
  });

  it.each([
    ['contact', { contact: '12345' }, 'Enter a mobile number or an e-mail address', '请输入手机号码或邮箱地址'],
    ['company', { company: 'A' }, 'Enter the company or team name (2–100 characters)', '请输入公司或团队名称（2–100 个字符）'],
    ['contactName', { contactName: '  ' }, 'Enter a contact name (1–50 characters)', '请输入联系人姓名（1–50 个字符）'],
    ['volume', { volume: '5 PB' }, 'Choose your monthly traffic', '请选择每月流量'],
    ['useCase', { useCase: 'mining' }, 'Choose a use case', '请选择使用场景'],
    ['message', { message: 'x'.repeat(2001) }, 'Use at most 2000 characters for the message', '留言最多 2000 个字符'],
    [
      'company',
      { company: 'Acme\u0000' },
      'Remove the control characters (invisible characters such as NUL) from this field',
      '请删除该字段中的控制字符（不可见字符）',
    ],
  ])('refuses a bad %s with a localized 400 and stores nothing', async (field, overrides, en, zh) => {
    const before = (await t.database.db.select({ id: leads.id }).from(leads)).length;
    const enRes = await submit(form(overrides), { lang: 'en' });
    const zhRes = await submit(form(overrides), { lang: 'zh-CN' });
    expect([enRes.statusCode, zhRes.statusCode]).toEqual([400, 400]);
    expect(enRes.json().fieldErrors[field]).toBe(en);
    expect(zhRes.json().fieldErrors[field]).toBe(zh);
    expect((await t.database.db.select({ id: leads.id }).from(leads)).length).toBe(before);
  });
});

describe('custom plan lead: limits', () => {
  it(`50 requests at once from one address: exactly ${LEAD_IP_QUOTA.limit} are stored, the rest told when to retry`, async () => {
    const ip = '203.0.113.50';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(form({ contact: `team${i}@race.example` }), { ip })).map(async (r) =>
        (await r).json(),
      ),
    );
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(LEAD_IP_QUOTA.limit);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused.every((a) => a.code === LeadErrorCode.TooManyRequests)).toBe(true);
    expect(refused[0].msg).toBe('Too many requests: please try again in 60 minutes');
    const stored = await t.database.db.select().from(leads).where(eq(leads.ip, ip));
    expect(stored).toHaveLength(LEAD_IP_QUOTA.limit);
  });

  it(`50 requests at once for one contact from 50 addresses: ${LEAD_CONTACT_QUOTA.limit} confirmations, no more`, async () => {
    const contact = '13600002222';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => submit(form({ contact }), { lang: 'zh-CN' })).map(async (r) => (await r).json()),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(LEAD_CONTACT_QUOTA.limit);
    expect(answers.find((a) => a.code !== 0)?.msg).toMatch(/^提交过于频繁，请在 \d+ 分钟后重试$/);
    const sent = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, contact));
    expect(sent).toHaveLength(LEAD_CONTACT_QUOTA.limit);
  });
});

describe('custom plan lead: captcha', () => {
  it('visitors and logged-in users both need the captcha (when it is on)', async () => {
    const guarded = await createTestApp({ database, env: { CAPTCHA_ENABLED: 'true' } });
    try {
      const visitor = await guarded.app.inject({
        method: 'POST',
        url: URL,
        payload: form(),
        headers: { 'accept-language': 'en' },
      });
      expect(visitor.json()).toMatchObject({
        code: AuthErrorCode.CaptchaRequired,
        msg: 'Please complete the security verification',
      });
      const user = await createTestUser(database.db);
      const token = await loginToken(t.app, user.mobile ?? '', user.password);
      const member = (payload: object) =>
        guarded.app.inject({ method: 'POST', url: URL, payload, headers: { ...bearer(token), 'accept-language': 'zh-CN' } });
      // A session is no captcha: the confirmation may go to any address the member types.
      const before = (await database.db.select({ id: leads.id }).from(leads)).length;
      expect((await member(form({ contact: '' }))).json()).toMatchObject({
        code: AuthErrorCode.CaptchaRequired,
        msg: '请先完成安全验证',
      });
      expect((await member(form({ contact: 'victim@captcha.example' }))).json().code).toBe(AuthErrorCode.CaptchaRequired);
      expect((await database.db.select({ id: leads.id }).from(leads)).length).toBe(before);
      const solved = await member(form({ contact: '', captchaVerification: await passCaptcha(guarded.app) }));
      expect(solved.json().code).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});

/** What an attacker wrote in the report: text meant to make the message a phishing lure. */
const LURE = {
  company: 'Your account is suspended - call 400-000-0000',
  contactName: 'Security team: visit http://evil.example/verify',
  message: 'Reply with your password at http://evil.example',
};
const outboxTo = (to: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
const expectNoRequestText = (mail: { subject: string; body: string } | undefined) => {
  expect(mail).toBeDefined();
  for (const text of [mail?.subject, mail?.body]) {
    for (const lure of [...Object.values(LURE), 'evil.example', 'suspended', 'Security team']) expect(text).not.toContain(lure);
  }
};

describe('custom plan lead: no request text to an address the portal has not verified', () => {
  it.each([
    ['en', 'victim@mail.example', 'request no.'],
    ['zh-CN', 'victim-zh@mail.example', '申请编号'],
    ['en', '13700009999', 'request no.'],
  ])("a visitor's confirmation (%s, %s) is the fixed text and the request number only", async (lang, contact, numbered) => {
    const res = await submit(form({ ...LURE, contact }), { lang });
    expect(res.json().code).toBe(0);
    const id = res.json().data.id as number;
    const [mail] = await outboxTo(contact);
    expectNoRequestText(mail);
    expect(mail?.body).toContain(numbered);
    expect(mail?.body).toContain(String(id));
    // What was written is still stored for the team that follows the lead up.
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject(LURE);
  });

  it("a member's request with someone else's address gets the fixed text too", async () => {
    const user = await createTestUser(t.database.db, { email: `member-${Date.now()}@own.example` });
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const res = await submit(form({ ...LURE, contact: 'someone@else.example' }), { headers: bearer(token) });
    expect(res.json().code).toBe(0);
    expectNoRequestText((await outboxTo('someone@else.example'))[0]);
  });

  it("a member's own verified mobile or e-mail (left empty or typed) gets the full confirmation", async () => {
    const email = `own-${Date.now()}@own.example`;
    const user = await createTestUser(t.database.db, { email });
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const byAccount = await submit(form({ company: 'Own Mobile Co', contact: '' }), { headers: bearer(token) });
    expect(byAccount.json().code).toBe(0);
    expect((await outboxTo(user.mobile ?? ''))[0]?.body).toContain('Own Mobile Co');
    const typed = await submit(form({ company: 'Own Mail Co', contact: email.toUpperCase() }), { headers: bearer(token) });
    expect(typed.json().code).toBe(0);
    expect((await outboxTo(email))[0]?.body).toContain('Own Mail Co');
  });
});

describe('custom plan lead: confirmation queue', () => {
  it('a failing provider leaves the confirmation pending; the job retries it after the backoff', async () => {
    const clock = testClock(new Date('2026-11-25T08:00:00Z'));
    let failures = 1;
    const sent: string[] = [];
    const fetch = async (_url: string, init: { body: string }) => {
      if (failures-- > 0) return { ok: false, status: 502, text: async () => 'gateway down' };
      sent.push(init.body);
      return { ok: true, status: 200, text: async () => '{}' };
    };
    const real = await createTestApp({
      database,
      clock,
      fetch,
      env: { ...withoutSandboxEnv(), SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/send' },
    });
    try {
      const res = await real.app.inject({
        method: 'POST',
        url: URL,
        payload: form({ contact: '13500003333' }),
        remoteAddress: nextIp(),
      });
      expect(res.json().code).toBe(0);
      await real.app.settleLeadConfirmations();
      const id = res.json().data.id;
      const row = async () => (await database.db.select().from(leads).where(eq(leads.id, id)))[0];
      expect(await row()).toMatchObject({
        confirmationStatus: 'pending',
        confirmationAttempts: 1,
        confirmationError: expect.stringContaining('502'),
      });
      // Not due before the backoff.
      expect(await sendDueConfirmations(real.app)).toBe(0);
      clock.advance(60_000);
      expect(await sendDueConfirmations(real.app)).toBe(1);
      expect(await row()).toMatchObject({ confirmationStatus: 'sent', confirmationAttempts: 2 });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('13500003333');

      // An e-mail contact with no e-mail provider: tried, kept, and given up after the last attempt.
      const mail = await real.app.inject({
        method: 'POST',
        url: URL,
        payload: form({ contact: 'x@y.example' }),
        remoteAddress: nextIp(),
      });
      expect(mail.json()).toMatchObject({ code: LeadErrorCode.ChannelUnavailable });
    } finally {
      await real.close();
    }
  });

  it('gives a confirmation up after the last attempt, and two instances never claim the same lead', async () => {
    const now = new Date('2026-11-25T09:00:00Z');
    const [row] = await database.db
      .insert(leads)
      .values({
        company: 'Queue Co',
        contactName: 'Q',
        contact: 'q@queue.example',
        channel: 'email',
        volume: 'lt100',
        useCase: 'other',
        message: '',
        locale: 'en',
        host: 'localhost',
        ip: '192.0.2.1',
        createdAt: now,
        confirmationNextAt: now,
        confirmationAttempts: CONFIRMATION_MAX_ATTEMPTS - 1,
      })
      .returning();
    if (!row) throw new Error('no row');
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimDueConfirmations(database.db, now, { id: row.id })));
    expect(claims.flat()).toHaveLength(1);
    // The lease: not due again until it ends.
    expect(await claimDueConfirmations(database.db, new Date(now.getTime() + 60_000), { id: row.id })).toHaveLength(0);
    const { finishConfirmation } = await import('./service.ts');
    const [claimed] = claims.flat();
    if (!claimed) throw new Error('not claimed');
    expect(await finishConfirmation(database.db, claimed, now, 'smtp down')).toBe('failed');
    const [after] = await database.db.select().from(leads).where(eq(leads.id, row.id));
    expect(after).toMatchObject({ confirmationStatus: 'failed', confirmationNextAt: null, confirmationError: 'smtp down' });
  });
});

describe('ops lead list / close', () => {
  const out: string[] = [];
  const err: string[] = [];
  const ctx = (): OpsContext => ({
    db: async () => database.db,
    config: loadConfig({}),
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
  });
  const run = async (...argv: string[]) => {
    out.length = 0;
    err.length = 0;
    return runOps(argv, ctx());
  };

  it('lists open leads, closes one with a note, and lists it under --status all only', async () => {
    const res = await submit(
      form({ company: 'Ops Listing GmbH', contact: 'ops@listing.example', message: 'line one\nline two' }),
    );
    const id = res.json().data.id as number;
    expect(await run('lead', 'list')).toBe(0);
    const line = out.find((l) => l.startsWith(`${id}\t`));
    expect(line).toContain('Ops Listing GmbH');
    expect(line).toContain('Li Lei <ops@listing.example>');
    expect(line).toContain('500-2000 GB/month');
    expect(line).toContain('confirmation sent');
    expect(out).toContain('\tmessage: line one line two');

    expect(await run('lead', 'close', String(id), '--note', 'Called back, quote sent')).toBe(0);
    expect(out).toEqual([`closed: ${id} Ops Listing GmbH`]);
    expect(await run('lead', 'close', String(id))).toBe(1);
    expect(err).toEqual([`ops: lead ${id} is already closed`]);
    expect(await run('lead', 'close', '999999')).toBe(1);
    expect(err).toEqual(['ops: no lead 999999']);

    await run('lead', 'list');
    expect(out.some((l) => l.startsWith(`${id}\t`))).toBe(false);
    await run('lead', 'list', '--status', 'all');
    expect(out.find((l) => l.startsWith(`${id}\t`))).toContain('\tclosed\t');
    expect(out.some((l) => l.startsWith('\tnote: Called back, quote sent (closed '))).toBe(true);
    const [row] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ status: 'closed', note: 'Called back, quote sent', closedAt: expect.any(Date) });
  });

  it('refuses bad usage with exit code 2', async () => {
    expect(await run('lead', 'list', '--status', 'closed')).toBe(2);
    expect(await run('lead', 'close', 'abc')).toBe(2);
    expect(await run('lead', 'close', '1', '--note', 'x'.repeat(501))).toBe(2);
  });
});

it('keeps ResultCode and the lead codes apart', () => {
  expect(Object.values(LeadErrorCode)).not.toContain(ResultCode.NotAuthorised);
});
