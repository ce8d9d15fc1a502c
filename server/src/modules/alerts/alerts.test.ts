import { AlertErrorCode, AuthErrorCode, ResourceType, StaticOrderStatus, StaticOrderType } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock, withoutSandboxEnv } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { addRegion } from '../../test/static-ip.ts';
import { MAX_CODE_ATTEMPTS } from '../accounts/codes.ts';
import { verificationCodes } from '../accounts/tables.ts';
import { expireDueLots, grantTraffic, lotExpiry } from '../accounts/traffic-lots.ts';
import { trafficPackages } from '../catalogue/tables.ts';
import { outboxMessages } from '../messaging/tables.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { staticOrderItems, staticOrders } from '../static-ip/tables.ts';
import { defaultSiteId } from '../system/service.ts';
import { type Deliver, sendDueAlerts } from './jobs.ts';
import { balanceChanges } from '../usage/lot-expiry-job.ts';
import { ALERT_MAX_ATTEMPTS, alertBackoffMs, queueBalanceAlerts, queueStaticExpiryAlerts } from './service.ts';
import { AlertStatus, alertQueue } from './tables.ts';

const KEY = 'test-proxy-network-key-0123456789';
const MIB = 1024 * 1024;
const GB = 1024;
const DAY = 86_400_000;
const clock = testClock(new Date('2026-11-21T10:30:00Z'));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let record = 0;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { PROXY_NETWORK_API_KEY: KEY, PUBLIC_BASE_URL: 'https://shop.example.com' },
  });
});
afterAll(() => t.close());

async function member(balanceMb: number, overrides: Parameters<typeof createTestUser>[1] = {}) {
  const u = await createTestUser(t.app.db, overrides);
  if (balanceMb > 0) await grant(u.id, balanceMb);
  const token = u.mobile ? await loginToken(t.app, u.mobile, u.password) : '';
  return { id: u.id, mobile: u.mobile, email: u.email, token };
}
const grant = (userId: number, mb: number) =>
  t.app.db.transaction((tx) =>
    grantTraffic(tx, { userId, source: 'grant', mb, creditedAt: clock(), expiresAt: lotExpiry(clock(), 30) }),
  );
/** Usage of `mb` whole MB, as the proxy network reports it. */
const use = (userId: number, mb: number) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/usage',
    headers: { 'x-api-key': KEY },
    payload: { records: [{ id: `r${++record}`, userId, bytes: mb * MIB, usedAt: clock().getTime() }] },
  });
const settings = (token: string, body: Record<string, unknown>, locale = 'en', ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/member/alert-settings/update',
    headers: { ...bearer(token), 'accept-language': locale },
    payload: body,
    remoteAddress: ip,
  });
const confirmEmail = (token: string, code: string, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/member/alert-settings/confirm-email',
    headers: { ...bearer(token), 'accept-language': locale },
    payload: { code },
  });
const resendCode = (token: string, locale = 'en', ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/member/alert-settings/send-code',
    headers: { ...bearer(token), 'accept-language': locale },
    remoteAddress: ip,
  });
/** What the sandbox outbox holds for an address (the codes the app sent; alerts go to `sendAll`'s array). */
const mailsTo = (to: string) =>
  t.app.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);
const latestCode = async (to: string) => {
  const code = (await mailsTo(to)).at(-1)?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
};
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const queued = (userId: number) => t.app.db.select().from(alertQueue).where(eq(alertQueue.userId, userId)).orderBy(alertQueue.id);

/** Sends what is due into `outbox` (a working provider). */
async function sendAll(outbox: OutgoingMessage[] = []) {
  await sendDueAlerts(
    t.app.db,
    () => clock(),
    async (m) => void outbox.push(m),
    quiet,
  );
  return outbox;
}

beforeEach(async () => {
  // Each test sees only its own alerts.
  await t.app.db.delete(alertQueue);
});

describe('alert settings', () => {
  it('are saved and read back; SMS needs a mobile, e-mail an address; invalid input is a localized 400', async () => {
    const u = await member(0);
    const res = await settings(u.token, { thresholdGb: 5, channels: ['sms', 'email'], alertEmail: 'Alerts@Example.com' });
    expect(res.json()).toEqual({
      code: 0,
      msg: '',
      data: {
        thresholdGb: 5,
        channels: ['sms', 'email'],
        mobile: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
        accountEmail: null,
        alertEmail: 'alerts@example.com',
        alertEmailConfirmed: false,
      },
    });
    const read = await t.app.inject({ url: '/app-api/member/alert-settings/get', headers: bearer(u.token) });
    expect(read.json().data).toEqual(res.json().data);

    const noEmail = await settings(u.token, { thresholdGb: 5, channels: ['email'], alertEmail: '' });
    expect(noEmail.json()).toMatchObject({ code: 1_012_001_001, msg: 'Enter the e-mail address alerts should go to' });
    const zh = await settings(u.token, { thresholdGb: 5, channels: ['email'], alertEmail: null }, 'zh-CN');
    expect(zh.json().msg).toBe('请填写接收提醒的邮箱地址');

    for (const bad of [
      { thresholdGb: 0, channels: ['sms'] },
      { thresholdGb: 1.5, channels: ['sms'] },
      { thresholdGb: 10_001, channels: ['sms'] },
      { thresholdGb: 'x', channels: ['sms'] },
      { thresholdGb: 5, channels: ['fax'] },
      { thresholdGb: 5, channels: ['email'], alertEmail: 'not-an-address' },
    ]) {
      const r = await settings(u.token, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const r = await settings(u.token, { thresholdGb: 0, channels: ['sms'] }, 'zh-CN');
    expect(r.json().msg).toContain('请输入 1–10,000 之间的整数（GB）');
    // Nothing of the refused changes was kept.
    expect(
      (await t.app.inject({ url: '/app-api/member/alert-settings/get', headers: bearer(u.token) })).json().data.thresholdGb,
    ).toBe(5);
  });

  it('refuse SMS for an account without a mobile number and use the account e-mail when it has one', async () => {
    const u = await createTestUser(t.app.db, { mobile: undefined, email: `m${Date.now()}@example.com` });
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/app-api/member/auth/login',
        payload: { email: u.email, password: u.password },
      })
    ).json().data?.token;
    expect(token).toBeTruthy();
    expect((await settings(token, { thresholdGb: 1, channels: ['sms'] })).json().code).toBe(1_012_001_000);
    const ok = await settings(token, { thresholdGb: 1, channels: ['email'], alertEmail: 'other@example.com' });
    expect(ok.json().data).toMatchObject({ channels: ['email'], accountEmail: u.email, alertEmail: null, mobile: null });
  });

  it("are one's own: without a session they are refused, and each user reads only theirs", async () => {
    const a = await member(0);
    const b = await member(0);
    await settings(a.token, { thresholdGb: 7, channels: ['sms'] });
    expect((await t.app.inject({ url: '/app-api/member/alert-settings/get' })).json().code).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/app-api/member/alert-settings/update',
          payload: { thresholdGb: 1, channels: [] },
        })
      ).json().code,
    ).toBe(401);
    const theirs = await t.app.inject({ url: '/app-api/member/alert-settings/get', headers: bearer(b.token) });
    expect(theirs.json().data).toMatchObject({ thresholdGb: null, channels: [] });
  });
});

describe("an alert e-mail address that is not the account's own", () => {
  it('gets no alert until it is confirmed with the code sent to it; SMS alerts go meanwhile', async () => {
    const u = await member(10 * GB);
    const saved = await settings(u.token, { thresholdGb: 5, channels: ['sms', 'email'], alertEmail: 'Someone.Else@Example.com' });
    expect(saved.json().code).toBe(0);
    await use(u.id, 6 * GB); // 4 GB left: below 5 GB
    expect((await sendAll()).map((m) => m.to)).toEqual([u.mobile]);
    expect((await queued(u.id)).map((r) => r.channel)).toEqual(['sms']);

    expect(saved.json().data).toMatchObject({ alertEmail: 'someone.else@example.com', alertEmailConfirmed: false });
    // The address got a code and nothing else: a fixed text in the user's language.
    const [mail, ...more] = await mailsTo('someone.else@example.com');
    expect(more).toHaveLength(0);
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toBe(`NovaProxy confirmation code: ${mail?.code}`);
    expect(mail?.body).toBe(
      `Your NovaProxy code to receive account alerts at this address is ${mail?.code}. It is valid for 5 minutes. If you did not ask for it, ignore this message: no alerts are sent here without it.`,
    );

    const bad = await confirmEmail(u.token, wrong(mail?.code ?? ''));
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toMatchObject({
      code: AlertErrorCode.CodeInvalid,
      msg: 'The confirmation code is incorrect or has expired: check the latest e-mail or send a new code',
    });
    expect((await confirmEmail(u.token, wrong(mail?.code ?? ''), 'zh-CN')).json().msg).toBe(
      '确认码错误或已过期，请查看最新一封邮件或重新获取',
    );
    expect((await confirmEmail(u.token, 'abc', 'zh-CN')).json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('6 位数字'),
    });
    const ok = await confirmEmail(u.token, mail?.code ?? '');
    expect(ok.json().data).toMatchObject({ alertEmail: 'someone.else@example.com', alertEmailConfirmed: true });

    // Confirmed: the next alert goes there too.
    await grant(u.id, 2 * GB); // 6 GB: above again
    await use(u.id, 2 * GB); // 4 GB
    expect((await sendAll()).map((m) => m.to)).toEqual([u.mobile, 'someone.else@example.com']);

    // Saving it again keeps it confirmed (and sends no code); another address starts over.
    expect(
      (await settings(u.token, { thresholdGb: 3, channels: ['email'], alertEmail: 'someone.else@example.com' })).json().data,
    ).toMatchObject({ alertEmailConfirmed: true });
    expect(await mailsTo('someone.else@example.com')).toHaveLength(1);
    const moved = await settings(u.token, { thresholdGb: 3, channels: ['sms', 'email'], alertEmail: 'third@example.com' });
    expect(moved.json().data).toMatchObject({ alertEmail: 'third@example.com', alertEmailConfirmed: false });
    expect(await mailsTo('third@example.com')).toHaveLength(1);
    await use(u.id, 2 * GB); // 2 GB: below 3 GB
    expect((await sendAll()).map((m) => m.to)).toEqual([u.mobile]);
    // The old code does not confirm the new address.
    expect((await confirmEmail(u.token, mail?.code ?? '')).json().code).toBe(AlertErrorCode.CodeInvalid);
  });

  it('an alert queued for a confirmed address is not sent after the address changed', async () => {
    const u = await member(2 * GB);
    await settings(u.token, { thresholdGb: 1, channels: ['email'], alertEmail: 'before@example.com' });
    await confirmEmail(u.token, await latestCode('before@example.com'));
    await use(u.id, 1.5 * GB);
    expect((await queued(u.id)).map((r) => r.channel)).toEqual(['email']);
    await settings(u.token, { thresholdGb: 1, channels: ['email'], alertEmail: 'after@example.com' });
    expect(await sendAll()).toHaveLength(0);
    expect((await queued(u.id))[0]?.status).toBe(AlertStatus.Failed);
  });

  it('codes: one per 60 s per address (for every account), 50 parallel wrong guesses spend only the code', async () => {
    const u = await member(0);
    const other = await member(0);
    const ip = '192.0.2.77';
    await settings(u.token, { thresholdGb: 1, channels: ['email'], alertEmail: 'guess@example.com' }, 'en', ip);
    const first = await latestCode('guess@example.com');
    const tooSoon = await resendCode(u.token, 'en', ip);
    expect(tooSoon.json()).toMatchObject({
      code: AuthErrorCode.CodeTooSoon,
      msg: 'Please wait 60 s before requesting another code',
    });
    // Another account cannot make the address receive a second code either, and its save is refused whole.
    const squat = await settings(
      other.token,
      { thresholdGb: 2, channels: ['email'], alertEmail: 'guess@example.com' },
      'zh-CN',
      ip,
    );
    expect(squat.json()).toMatchObject({ code: AuthErrorCode.CodeTooSoon, msg: '请等待 60 秒后再获取验证码' });
    expect(
      (await t.app.inject({ url: '/app-api/member/alert-settings/get', headers: bearer(other.token) })).json().data,
    ).toMatchObject({ thresholdGb: null, alertEmail: null });

    const guesses = await Promise.all(Array.from({ length: 50 }, () => confirmEmail(u.token, wrong(first))));
    expect(guesses.every((g) => g.json().code === AlertErrorCode.CodeInvalid)).toBe(true);
    const rows = await t.app.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, `email:guess@example.com#${u.id}`));
    expect(rows.map((r) => r.attempts)).toEqual([MAX_CODE_ATTEMPTS]);
    // The code is spent: even the right one is refused now.
    expect((await confirmEmail(u.token, first)).json().code).toBe(AlertErrorCode.CodeInvalid);

    clock.advance(60_000);
    expect((await resendCode(u.token, 'zh-CN', ip)).json()).toMatchObject({ code: 0, data: { alertEmailConfirmed: false } });
    const second = await latestCode('guess@example.com');
    expect((await mailsTo('guess@example.com')).at(-1)?.body).toContain('您正在将此邮箱设为');
    expect((await confirmEmail(u.token, second)).json().data).toMatchObject({ alertEmailConfirmed: true });
    // Nothing waits any more: no code to send, nothing to confirm.
    expect((await resendCode(u.token, 'en', ip)).json()).toMatchObject({
      code: AlertErrorCode.NothingToConfirm,
      msg: 'No alert e-mail address is waiting for confirmation',
    });
    expect((await confirmEmail(u.token, second)).json().code).toBe(AlertErrorCode.NothingToConfirm);
  });

  it('codes: a daily cap per address', async () => {
    const u = await member(0);
    await settings(u.token, { thresholdGb: 1, channels: ['email'], alertEmail: 'daily@example.com' }, 'en', '192.0.2.78');
    let answer = '';
    for (let i = 0; i < 12 && answer !== 'refused'; i++) {
      clock.advance(61_000);
      const res = await resendCode(u.token, 'en', `192.0.2.${100 + i}`);
      if (res.json().code === AuthErrorCode.CodeDailyLimit) answer = 'refused';
    }
    expect(answer).toBe('refused');
    expect(await mailsTo('daily@example.com')).toHaveLength(10);
  });

  it("the account's own e-mail needs no code", async () => {
    const u = await createTestUser(t.app.db, { email: `own-${Date.now()}@example.com` });
    const token = await loginToken(t.app, u.mobile ?? '', u.password);
    const res = await settings(token, { thresholdGb: 1, channels: ['email'], alertEmail: 'ignored@example.com' });
    expect(res.json().data).toMatchObject({ accountEmail: u.email, alertEmail: null, alertEmailConfirmed: false });
    expect(await mailsTo('ignored@example.com')).toHaveLength(0);
    expect(await mailsTo(u.email ?? '')).toHaveLength(0);
  });
});

describe('alert settings with a template-only SMS provider', () => {
  it('refuse SMS alerts with a localized message instead of queueing texts that could never be sent', async () => {
    const aliyun = await createTestApp({
      env: {
        ...withoutSandboxEnv(),
        SMS_PROVIDER: 'aliyun',
        SMS_ACCESS_KEY_ID: 'id',
        SMS_ACCESS_KEY_SECRET: 'secret',
        SMS_SIGN_NAME: 'NovaProxy',
        SMS_TEMPLATE_CODE: 'SMS_1',
      },
    });
    try {
      const u = await createTestUser(aliyun.app.db, { email: `aliyun-${Date.now()}@example.com` });
      const token = await loginToken(aliyun.app, u.mobile as string, u.password);
      const save = (channels: string[], locale: string) =>
        aliyun.app.inject({
          method: 'POST',
          url: '/app-api/member/alert-settings/update',
          headers: { ...bearer(token), 'accept-language': locale },
          payload: { thresholdGb: 5, channels },
        });
      const en = await save(['sms'], 'en');
      expect(en.json()).toMatchObject({
        code: AlertErrorCode.SmsUnavailable,
        msg: expect.stringMatching(/cannot be sent by SMS/),
      });
      expect((await save(['sms', 'email'], 'zh-CN')).json().msg).toBe('本站暂不支持短信提醒，请改用邮件');
      expect((await save(['email'], 'en')).json().code).toBe(0);
    } finally {
      await aliyun.close();
    }
  });
});

describe('balance alerts', () => {
  it('one alert per crossing: usage below twice is one alert; a recharge re-arms', async () => {
    const u = await member(10 * GB);
    await settings(u.token, { thresholdGb: 5, channels: ['sms'] });
    await use(u.id, 4 * GB); // 6 GB left: above
    expect(await queued(u.id)).toHaveLength(0);
    await use(u.id, 2 * GB); // 4 GB: below
    await use(u.id, 1 * GB); // 3 GB: still below, no second alert
    const first = await queued(u.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'low', channel: 'sms', params: { balanceMb: 4 * GB, thresholdMb: 5 * GB } });
    // Queued, not sent inside the usage request.
    expect(first[0]?.status).toBe(AlertStatus.Queued);

    await grant(u.id, 2 * GB); // 5 GB: at the threshold again (a recharge; fulfilment knows nothing of alerts)
    await use(u.id, 1); // just below
    const after = await queued(u.id);
    expect(after.map((a) => a.kind)).toEqual(['low', 'low']);

    // A recharge that stays below does not re-arm.
    await grant(u.id, 100);
    await use(u.id, 1);
    expect(await queued(u.id)).toHaveLength(2);
  });

  it('one alert when the balance reaches zero, on every channel, with the link to the last package bought', async () => {
    const u = await member(3 * GB);
    await settings(u.token, { thresholdGb: 1, channels: ['sms', 'email'], alertEmail: 'zero@example.com' }, 'zh-CN');
    await confirmEmail(u.token, await latestCode('zero@example.com'));
    const [pkg] = await t.app.db.select().from(trafficPackages).limit(1);
    if (!pkg) throw new Error('no seeded package');
    await t.app.db.insert(rechargeOrders).values({
      orderNo: `R${Date.now()}`,
      userId: u.id,
      siteId: await defaultSiteId(t.app.db),
      packageId: pkg.id,
      status: 1,
      payStatus: 1,
      source: 'pc',
      accountType: 0,
      trafficMb: 1024,
      giftTrafficMb: 0,
      validityDays: 30,
      rechargeAmountFen: 100,
      feeFen: 0,
      payAmountFen: 100,
      payTime: clock(),
      payDeadline: clock(),
      createdAt: clock(),
    });
    await use(u.id, 5 * GB); // crosses 1 GB and ends at 0: the zero alert only
    await use(u.id, 1); // still 0
    const rows = await queued(u.id);
    expect(rows.map((r) => [r.kind, r.channel])).toEqual([
      ['zero', 'sms'],
      ['zero', 'email'],
    ]);
    const outbox = await sendAll();
    expect(outbox.map((m) => m.to)).toEqual([u.mobile, 'zero@example.com']);
    expect(outbox[0]?.text).toContain('流量余额为 0 MB');
    expect(outbox[0]?.text).toContain(`https://shop.example.com/buy?package=${pkg.id}`);
    expect((await queued(u.id)).every((r) => r.status === AlertStatus.Sent)).toBe(true);
    expect(await sendAll()).toHaveLength(0);

    // Back above zero (and the threshold), then down again: both kinds armed again.
    await grant(u.id, 2 * GB);
    await use(u.id, 1.5 * GB);
    expect((await queued(u.id)).filter((r) => r.status === AlertStatus.Queued).map((r) => r.kind)).toEqual(['low', 'low']);
    const en = await sendAll();
    expect(en[0]?.text).toMatch(/余额为 512 MB，已低于您设置的提醒阈值 1 GB/);
  });

  it('50 ingestions at once that all end below the threshold queue one alert', async () => {
    const u = await member(100 * GB);
    await settings(u.token, { thresholdGb: 60, channels: ['sms'] });
    // Ends at 50 GB: the 41st batch to run crosses 60 GB, the rest stay below.
    const answers = await Promise.all(Array.from({ length: 50 }, () => use(u.id, GB)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await queued(u.id)).toHaveLength(1);
  });

  it('traffic that expires is alerted like traffic used: below the threshold, then zero, once each', async () => {
    const u = await member(0);
    await settings(u.token, { thresholdGb: 2, channels: ['sms'] });
    const lot = (mb: number, days: number) =>
      t.app.db.transaction((tx) =>
        grantTraffic(tx, { userId: u.id, source: 'grant', mb, creditedAt: clock(), expiresAt: lotExpiry(clock(), days) }),
      );
    await lot(2 * GB, 1);
    await lot(GB, 2);
    const round = async () =>
      expireDueLots(t.app.db, clock(), 200, (tx, lots) => queueBalanceAlerts(tx, clock(), balanceChanges(lots)));
    const start = clock();
    clock.set(new Date(start.getTime() + 1.5 * DAY)); // 3 GB → 1 GB: below 2 GB
    await round();
    expect((await queued(u.id)).map((r) => [r.kind, r.params])).toEqual([['low', { balanceMb: GB, thresholdMb: 2 * GB }]]);
    expect(await round()).toEqual([]); // nothing more to expire, nothing more queued
    clock.set(new Date(start.getTime() + 3 * DAY)); // 1 GB → 0
    await round();
    expect((await queued(u.id)).map((r) => r.kind)).toEqual(['low', 'zero']);
    clock.set(start);
  });

  it('no settings, no channels or no threshold: no low alert', async () => {
    const none = await member(2 * GB);
    await use(none.id, 2 * GB);
    const off = await member(2 * GB);
    await settings(off.token, { thresholdGb: null, channels: ['sms'] });
    await use(off.id, GB); // no threshold: nothing at 1 GB
    expect(await queued(off.id)).toHaveLength(0);
    await use(off.id, GB); // zero still alerts
    expect((await queued(off.id)).map((r) => r.kind)).toEqual(['zero']);
    expect(await queued(none.id)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('retries a failing provider with backoff and marks the alert failed after the last attempt', async () => {
    const u = await member(2 * GB);
    await settings(u.token, { thresholdGb: 1, channels: ['sms'] });
    await use(u.id, 1.5 * GB);
    const failing: Deliver = async () => {
      throw new Error('provider down');
    };
    const errors: unknown[] = [];
    const log = { ...quiet, error: (o: unknown) => void errors.push(o) };
    for (let attempt = 1; attempt <= ALERT_MAX_ATTEMPTS; attempt++) {
      expect(await sendDueAlerts(t.app.db, () => clock(), failing, log)).toBe(0);
      const [row] = await queued(u.id);
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toBe('provider down');
      if (attempt < ALERT_MAX_ATTEMPTS) {
        expect(row?.status).toBe(AlertStatus.Queued);
        expect(row?.nextAttemptAt.getTime()).toBe(clock().getTime() + alertBackoffMs(attempt));
        // Not again before the backoff.
        expect(await sendDueAlerts(t.app.db, () => clock(), failing, log)).toBe(0);
        expect((await queued(u.id))[0]?.attempts).toBe(attempt);
        clock.advance(alertBackoffMs(attempt));
      }
    }
    expect((await queued(u.id))[0]?.status).toBe(AlertStatus.Failed);
    expect(errors).toHaveLength(1);
    clock.advance(DAY);
    expect(await sendAll()).toHaveLength(0);
  });

  it('a provider back after failures delivers the alert once', async () => {
    const u = await member(2 * GB);
    await settings(u.token, { thresholdGb: 1, channels: ['sms'] });
    await use(u.id, 1.5 * GB);
    await sendDueAlerts(
      t.app.db,
      () => clock(),
      async () => Promise.reject(new Error('timeout')),
      quiet,
    );
    clock.advance(alertBackoffMs(1));
    const outbox = await sendAll();
    expect(outbox).toHaveLength(1);
    expect((await queued(u.id))[0]).toMatchObject({ status: AlertStatus.Sent, attempts: 2 });
  });

  it('two instances sending at once send each alert exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => member(2 * GB)));
    for (const u of users) {
      await settings(u.token, { thresholdGb: 1, channels: ['sms'] });
      await use(u.id, 1.5 * GB);
    }
    const sent: string[] = [];
    const slow: Deliver = async (m) => {
      await new Promise((r) => setTimeout(r, 20));
      sent.push(m.to);
    };
    const counts = await Promise.all([
      sendDueAlerts(t.app.db, () => clock(), slow, quiet, 3),
      sendDueAlerts(t.app.db, () => clock(), slow, quiet, 3),
    ]);
    expect(counts[0] + counts[1]).toBe(8);
    expect(sent.sort()).toEqual(users.map((u) => u.mobile).sort());
  });
});

describe('static IP expiry alerts', () => {
  it('one per order (not per IP) 3 days before expiry, once, in the user language', async () => {
    const u = await member(0);
    // The e-mail address is not confirmed: the expiry goes by SMS only.
    await settings(u.token, { thresholdGb: null, channels: ['sms', 'email'], alertEmail: 'static@example.com' }, 'zh-CN');
    const { regionId, nodeIds } = await addRegion(t.app.db, { resourceType: ResourceType.StaticIsp, cityEn: 'Alerts', nodes: 3 });
    const expires = new Date(clock().getTime() + 4 * DAY);
    const [order] = await t.app.db
      .insert(staticOrders)
      .values({
        orderNo: `S${Date.now()}`,
        userId: u.id,
        siteId: await defaultSiteId(t.app.db),
        orderType: StaticOrderType.Purchase,
        status: StaticOrderStatus.Success,
        payStatus: 1,
        resourceType: ResourceType.StaticIsp,
        regionId,
        count: 3,
        durationDays: 30,
        unitPriceFen: 100,
        amountFen: 300,
        payTime: clock(),
        payDeadline: clock(),
        expireTime: expires,
        createdAt: clock(),
      })
      .returning();
    if (!order) throw new Error('no order');
    await t.app.db.insert(staticOrderItems).values(
      nodeIds.map((nodeId, i) => ({
        orderId: order.id,
        userId: u.id,
        nodeId,
        account: `uacct${i}`,
        password: 'x',
        purchaseTime: clock(),
        expireTime: expires,
      })),
    );
    expect(await queueStaticExpiryAlerts(t.app.db, clock())).toBe(0); // 4 days ahead: not yet
    clock.advance(DAY + 60_000);
    const [a, b] = await Promise.all([queueStaticExpiryAlerts(t.app.db, clock()), queueStaticExpiryAlerts(t.app.db, clock())]);
    expect(a + b).toBe(1);
    expect(await queueStaticExpiryAlerts(t.app.db, clock())).toBe(0);
    const outbox = await sendAll();
    expect(outbox.map((m) => m.to)).toEqual([u.mobile]);
    expect(outbox[0]?.text).toContain(order.orderNo);
    expect(outbox[0]?.text).toContain(`https://shop.example.com/admin/static/list?order=${order.id}`);
    expect(outbox[0]?.subject).toContain('到期');
  });
});
