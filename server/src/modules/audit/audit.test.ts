import { AUDIT_EXPORT_WINDOW_MINUTES, AUDIT_EXPORTS_PER_WINDOW, ResultCode } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { purgeExpiredEvents, sweepAbandonedCalls, PENDING_ABANDONED_MS } from './service.ts';
import { auditEvents, auditPending } from './tables.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Member {
  id: number;
  token: string;
}
const member = async (): Promise<Member> => {
  const user = await createTestUser(t.app.db);
  return { id: user.id, token: await loginToken(t.app, user.mobile as string, user.password) };
};
const post = (m: Member, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '198.51.100.7',
    headers: { ...bearer(m.token), 'user-agent': CHROME_MAC, 'accept-language': 'en', ...headers },
  });
const get = (m: Member, url: string, lang = 'en') =>
  t.app.inject({ url, headers: { ...bearer(m.token), 'accept-language': lang } });
const page = async (m: Member, query = '') => (await get(m, `/app-api/ip/audit/page?pageSize=100${query}`)).json().data;
const rawInsert = (teamId: number, at: Date, action = 'account.rename') =>
  t.app.db
    .insert(auditEvents)
    .values({ teamId, actorMemberId: teamId, action, objectType: 'account', summary: {}, at, ip: '192.0.2.1', userAgent: '' })
    .returning({ id: auditEvents.id });

/** Refused by the trigger (drizzle wraps the database's error in `cause`). */
const refused = (query: PromiseLike<unknown>) =>
  expect(Promise.resolve(query)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });

describe('the audit log', () => {
  it('records a successful change with who, what, which object, when, address and device', async () => {
    const m = await member();
    const before = Date.now();
    const created = (await post(m, '/app-api/ip/proxy-account/create', { name: 'auditsub1' })).json();
    expect(created.code).toBe(0);
    const { list, total } = await page(m);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      actor: { memberId: m.id },
      action: 'proxyAccount.create',
      objectType: 'proxyAccount',
      objectId: String(created.data.id),
      summary: { name: 'auditsub1' },
      ip: '198.51.100.7',
      device: { browser: 'Chrome 131', system: 'macOS', mobile: false },
      confirmed: true,
    });
    expect(list[0].at).toBeGreaterThanOrEqual(before - 1000);
    // The sub-account's generated password is in the answer, never in the log.
    const [row] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.teamId, m.id));
    expect(JSON.stringify(row)).not.toContain(created.data.password);
  });

  it('records no failed call and leaves nothing pending', async () => {
    const m = await member();
    const refused = (await post(m, '/app-api/ip/member-session/revoke', { id: 2_000_000_000 })).json();
    expect(refused.code).not.toBe(0);
    const invalid = await post(m, '/app-api/ip/proxy-account/create', { name: 'NO SPACES' });
    expect(invalid.statusCode).toBe(400);
    expect((await page(m)).total).toBe(0);
    expect(await t.app.db.select().from(auditPending).where(eq(auditPending.teamId, m.id))).toEqual([]);
  });

  it('keeps secrets out: a password change records the choices, not the passwords', async () => {
    const user = await createTestUser(t.app.db);
    const m = { id: user.id, token: await loginToken(t.app, user.mobile as string, user.password) };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/app-api/ip/member-user/update-password',
      payload: { oldPassword: user.password, password: 'N3w-Passw0rd!x' },
      headers: bearer(m.token),
    });
    expect(res.json().code).toBe(0);
    const rows = await t.app.db.select().from(auditEvents).where(eq(auditEvents.teamId, m.id));
    expect(rows.map((r) => r.action)).toEqual(['password.change']);
    expect(JSON.stringify(rows)).not.toMatch(/N3w-Passw0rd|Secret@123/);
  });

  it('is append-only in the database: UPDATE, TRUNCATE and DELETE of a young row are refused', async () => {
    const m = await member();
    const [young] = await rawInsert(m.id, new Date());
    await refused(t.app.db.update(auditEvents).set({ action: 'x' }).where(eq(auditEvents.id, young!.id)));
    await refused(t.app.db.delete(auditEvents).where(eq(auditEvents.id, young!.id)));
    await refused(t.app.db.execute(sql`truncate audit_events`));
    const [old] = await rawInsert(m.id, new Date(Date.now() - 400 * DAY));
    await refused(t.app.db.update(auditEvents).set({ ip: 'x' }).where(eq(auditEvents.id, old!.id)));
    expect(await t.app.db.select().from(auditEvents).where(eq(auditEvents.id, young!.id))).toHaveLength(1);
  });

  it('purges what is older than 365 days and keeps the rest', async () => {
    const m = await member();
    await rawInsert(m.id, new Date(Date.now() - 366 * DAY));
    await rawInsert(m.id, new Date(Date.now() - 364 * DAY));
    await rawInsert(m.id, new Date());
    expect(await purgeExpiredEvents(t.app.db)).toBeGreaterThanOrEqual(1);
    const left = await t.app.db.select({ at: auditEvents.at }).from(auditEvents).where(eq(auditEvents.teamId, m.id));
    expect(left).toHaveLength(2);
    for (const r of left) expect(r.at.getTime()).toBeGreaterThan(Date.now() - 365 * DAY);
  });

  it('never shows another account its events', async () => {
    const a = await member();
    const b = await member();
    await post(a, '/app-api/ip/proxy-account/create', { name: 'auditsub2' });
    expect((await page(b)).total).toBe(0);
    expect((await get(b, '/app-api/ip/audit/actors')).json().data).toEqual([]);
    const csv = (await get(b, '/app-api/ip/audit/export')).body;
    expect(csv).not.toContain('auditsub2');
  });

  it('filters by action, object type, time range and member', async () => {
    const m = await member();
    const sub = (await post(m, '/app-api/ip/proxy-account/create', { name: 'auditsub3' })).json().data;
    const added = await post(m, '/app-api/ip/proxy-account/allowed-ip/add', { accountId: sub.id, address: '8.8.8.8' });
    expect(added.json()).toMatchObject({ code: 0 });
    await t.app.inject({
      method: 'PUT',
      url: '/app-api/ip/member-user/update',
      payload: { nickname: 'Ops' },
      headers: bearer(m.token),
    });
    expect((await page(m)).total).toBe(3);
    expect((await page(m, '&action=allowedIp.add')).list).toMatchObject([
      { action: 'allowedIp.add', summary: { address: '8.8.8.8/32', proxyAccountId: sub.id } },
    ]);
    expect((await page(m, '&objectType=account')).list.map((e: { action: string }) => e.action)).toEqual(['account.rename']);
    expect((await page(m, `&actorMemberId=${m.id}`)).total).toBe(3);
    expect((await page(m, `&actorMemberId=${m.id + 100000}`)).total).toBe(0);
    expect((await page(m, `&from=${Date.now() + DAY}`)).total).toBe(0);
    expect((await page(m, `&to=${Date.now() - DAY}`)).total).toBe(0);
    expect((await page(m, `&from=${Date.now() - DAY}&to=${Date.now() + DAY}`)).total).toBe(3);
    expect((await get(m, '/app-api/ip/audit/page?action=nope')).statusCode).toBe(400);
    expect((await get(m, '/app-api/ip/audit/actors')).json().data).toEqual([{ memberId: m.id, name: 'Ops' }]);
  });

  it('exports a CSV in the request language, safe against formulas', async () => {
    const m = await member();
    await t.app.inject({
      method: 'PUT',
      url: '/app-api/ip/member-user/update',
      payload: { nickname: '=HYPERLINK("x")' },
      headers: { ...bearer(m.token), 'user-agent': CHROME_MAC },
    });
    const en = await get(m, '/app-api/ip/audit/export?action=account.rename');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{8}\.csv"$/);
    const lines = en.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFTime (UTC),Member,Member ID,Action,Object type,Object ID,Details,IP address,Device,Confirmed');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x"")",${m.id},Changed the nickname,Account,,"nickname==HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('Chrome 131 · macOS,Yes');
    expect(lines).toHaveLength(3); // header, one event, the empty string after the last CRLF
    const zh = await get(m, '/app-api/ip/audit/export', 'zh-CN');
    expect(zh.body.split('\r\n')[0]).toBe('\uFEFF时间（UTC）,成员,成员编号,操作,对象类型,对象编号,详情,IP 地址,设备,已确认');
    expect(zh.body).toContain('修改昵称');
    expect((await t.app.inject({ url: '/app-api/ip/audit/export' })).json().code).toBe(401);
  });

  it(`starts at most ${AUDIT_EXPORTS_PER_WINDOW} downloads per ${AUDIT_EXPORT_WINDOW_MINUTES} minutes for a team, also 50 at once`, async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(m, '/app-api/ip/audit/export', 'zh-CN')));
    expect(answers.filter((r) => r.headers['content-type'] === 'text/csv; charset=utf-8')).toHaveLength(AUDIT_EXPORTS_PER_WINDOW);
    const refused = answers.filter((r) => r.headers['content-type'] !== 'text/csv; charset=utf-8').map((r) => r.json());
    expect(refused).toHaveLength(50 - AUDIT_EXPORTS_PER_WINDOW);
    expect(refused[0]).toMatchObject({
      code: ResultCode.TooManyRequests,
      msg: translate('zh-CN', 'audit.exportLimit', { minutes: AUDIT_EXPORT_WINDOW_MINUTES }),
    });
  });

  it('streams an export longer than one batch, newest first', async () => {
    const m = await member();
    const base = Date.now() - DAY;
    for (let i = 0; i < 3; i++)
      await t.app.db.insert(auditEvents).values(
        Array.from({ length: 400 }, (_, j) => ({
          teamId: m.id,
          actorMemberId: m.id,
          action: 'account.rename',
          objectType: 'account' as const,
          summary: { n: i * 400 + j },
          at: new Date(base + i * 400 + j),
          ip: '192.0.2.1',
          userAgent: '',
        })),
      );
    const lines = (await get(m, '/app-api/ip/audit/export')).body.split('\r\n').filter((l) => l.includes('n='));
    expect(lines).toHaveLength(1200);
    expect(lines[0]).toContain('n=1199');
    expect(lines[1199]).toContain('n=0');
  });

  it('records the multipart certification call too (registered outside route()), without the documents', async () => {
    const m = await member();
    const boundary = '----auditboundary';
    const fields = {
      companyName: 'Hangzhou Example Technology Co., Ltd.',
      contactPhone: '13800138000',
      unifiedSocialCreditCode: '91330100716105852F',
      bankName: '中国工商银行杭州西湖支行',
      bankAccount: '6222021234567890123',
      registrationAddress: '浙江省杭州市西湖区文三路 1 号',
      registrationPhone: '0571-12345678',
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake')]);
    const parts = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="businessLicence"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-enterprise-info/create',
      payload: Buffer.concat(parts),
      headers: { ...bearer(m.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json().code).toBe(0);
    const rows = await t.app.db.select().from(auditEvents).where(eq(auditEvents.teamId, m.id));
    expect(rows).toMatchObject([{ action: 'certification.submit', summary: { kind: 'enterprise' } }]);
    expect(JSON.stringify(rows)).not.toMatch(/91330100716105852F|6222021234567890123/);
  });

  it('records changes made through the public API with the API token, and not its refusals', async () => {
    const m = await member();
    const created = (await post(m, '/app-api/member/api-token/create', { name: 'script', scopes: ['proxy:write'] })).json().data;
    const api = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        ...(payload && { payload }),
        headers: { authorization: `Bearer ${created.secret}`, 'user-agent': 'curl/8.5.0' },
      });
    const sub = await api('POST', '/api/v1/proxy-accounts', { name: 'scripted1' });
    expect(sub.statusCode).toBe(201);
    expect((await api('POST', '/api/v1/proxy-accounts', { name: 'scripted1' })).statusCode).toBe(409);
    expect((await api('DELETE', `/api/v1/proxy-accounts/${sub.json().id}`)).statusCode).toBe(204);
    const { list } = await page(m);
    expect(list.map((e: { action: string }) => e.action)).toEqual([
      'proxyAccount.delete',
      'proxyAccount.create',
      'apiToken.create',
    ]);
    expect(list[1]).toMatchObject({
      actor: { memberId: m.id },
      objectId: String(sub.json().id),
      summary: { name: 'scripted1', apiTokenId: created.token.id },
      device: { browser: 'curl 8' },
    });
    expect(list[0]).toMatchObject({ objectId: String(sub.json().id), summary: { apiTokenId: created.token.id } });
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('records each of 50 changes made at once, and leaves nothing pending', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/app-api/ip/member-user/update',
          payload: { nickname: `n${i}` },
          headers: bearer(m.token),
        }),
      ),
    );
    expect(answers.every((a) => a.json().code === 0)).toBe(true);
    const rows = await t.app.db.select({ summary: auditEvents.summary }).from(auditEvents).where(eq(auditEvents.teamId, m.id));
    expect(rows.map((r) => r.summary.nickname).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `n${i}`).sort());
    expect(await t.app.db.select().from(auditPending).where(eq(auditPending.teamId, m.id))).toEqual([]);
  });

  it('sweeps a call that never settled into the log, marked not confirmed', async () => {
    const m = await member();
    const now = new Date();
    await t.app.db.insert(auditPending).values([
      {
        teamId: m.id,
        actorMemberId: m.id,
        action: 'proxyAccount.delete',
        objectType: 'proxyAccount',
        objectId: '5',
        summary: {},
        at: new Date(now.getTime() - PENDING_ABANDONED_MS - 1000),
        ip: '192.0.2.2',
        userAgent: '',
      },
      {
        teamId: m.id,
        actorMemberId: m.id,
        action: 'proxyAccount.delete',
        objectType: 'proxyAccount',
        objectId: '6',
        summary: {},
        at: now,
        ip: '192.0.2.2',
        userAgent: '',
      },
    ]);
    expect(await sweepAbandonedCalls(t.app.db, now)).toBeGreaterThanOrEqual(1);
    expect((await page(m)).list).toMatchObject([{ objectId: '5', confirmed: false }]);
    expect(
      await t.app.db.select({ objectId: auditPending.objectId }).from(auditPending).where(eq(auditPending.teamId, m.id)),
    ).toEqual([{ objectId: '6' }]);
  });
});
