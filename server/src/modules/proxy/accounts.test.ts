import { buildUsername, PROXY_MAX_SUB_ACCOUNTS, ProxyErrorCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { grantTraffic, lotExpiry } from '../accounts/traffic-lots.ts';
import { proxyAccounts } from './tables.ts';

const KEY = 'test-proxy-network-key-0123456789';

let t: TestApp;
let relaxed: TestApp;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

interface Account {
  id: number;
  username: string;
  password: string;
  main: boolean;
  enabled: boolean;
  trafficCapMb: number | null;
  usedMb: number;
  remark: string;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { PROXY_NETWORK_API_KEY: KEY, PROXY_AREA_HOSTS: 'europe=eu.gate.example.com,mars=mars.gate.example.com' },
  });
  // The same database, with certification not required.
  relaxed = await createTestApp({
    env: { PROXY_NETWORK_API_KEY: KEY, PROXY_REQUIRE_CERTIFICATION: 'false' },
    database: t.database,
  });
  const a = await createTestUser(t.app.db);
  const b = await createTestUser(t.app.db);
  alice = { id: a.id, token: await loginToken(t.app, a.mobile as string, a.password) };
  bob = { id: b.id, token: await loginToken(t.app, b.mobile as string, b.password) };
  // Alice holds a 500 MB lot (what usage is deducted from) and is certified.
  await t.app.db.transaction((tx) =>
    grantTraffic(tx, {
      userId: alice.id,
      source: 'grant',
      mb: 500,
      creditedAt: new Date(),
      expiresAt: lotExpiry(new Date(), 365),
    }),
  );
  await t.app.db.update(memberUsers).set({ identificationStatus: 3 }).where(eq(memberUsers.id, alice.id));
});
afterAll(async () => {
  await relaxed.close();
  await t.close();
});

const list = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/app-api/ip/proxy-account/list', headers: bearer(token) })).json();
const post = async (path: string, token: string, payload: unknown) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/app-api/ip/proxy-account/${path}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: payload as object,
    })
  ).json();
const verify = (username: string, password: string, key: string | null = KEY, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/verify',
    headers: key ? { 'x-api-key': key } : {},
    payload: { username, password },
  });
let record = 0;
/** One usage record as the proxy network sends it: `mb` of traffic by the account it authenticated as. */
const usage = (username: string, mb: number) => ({
  id: `accounts-test-${++record}`,
  userId: alice.id,
  username,
  bytes: mb * 1024 * 1024,
  usedAt: Date.now(),
});
const ingest = async (records: object[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/usage',
    headers: { 'x-api-key': KEY },
    payload: { records },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const reasonOf = async (username: string, password: string, app: TestApp = t) =>
  (await verify(username, password, KEY, app)).json().data.reason;
const userOf = (account: string) =>
  buildUsername({
    account,
    country: 'US',
    state: 'california',
    city: 'Los Angeles',
    session: 'sticky',
    sessionId: 'abc',
    minutes: 10,
  });

let main: Account;

describe('proxy accounts', () => {
  it('creates the main account once, even for concurrent first calls', async () => {
    const [first, second] = await Promise.all([list(alice.token), list(alice.token)]);
    expect(first.code).toBe(0);
    expect(first.data.accounts).toHaveLength(1);
    expect(second.data.accounts).toEqual(first.data.accounts);
    main = first.data.accounts[0];
    expect(main).toMatchObject({ main: true, enabled: true, trafficCapMb: null, usedMb: 0, remark: '' });
    expect(main.username).toMatch(new RegExp(`^u${alice.id.toString(36)}[a-z0-9]+$`));
    expect(main.username).toHaveLength(9);
    expect(main.password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
    const rows = await t.app.db.select().from(proxyAccounts).where(eq(proxyAccounts.userId, alice.id));
    expect(rows).toHaveLength(1);
    expect((await list(alice.token)).data.accounts).toEqual([main]);
  });

  it('answers the endpoints (global first) and the certification policy', async () => {
    const { data } = await list(alice.token);
    expect(data.certificationRequired).toBe(true);
    const ports = { http: 7777, https: 7778, socks5: 7779 };
    expect(data.endpoints).toEqual([
      { area: 'global', name: { en: 'Global', 'zh-CN': '全球' }, host: 'gate.novaproxy.com', ports },
      { area: 'europe', name: { en: 'Europe', 'zh-CN': '欧洲' }, host: 'eu.gate.example.com', ports },
      { area: 'mars', name: { en: 'mars', 'zh-CN': 'mars' }, host: 'mars.gate.example.com', ports },
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/app-api/ip/proxy-account/list' });
    expect(anonymous.json().code).toBe(401);
  });

  it('adds sub-accounts with a cap, refuses a taken name and the one too many', async () => {
    const sub = await post('create', alice.token, { name: 'team1', trafficCapMb: 100, remark: ' crawler ' });
    expect(sub.code).toBe(0);
    expect(sub.data).toMatchObject({
      username: `${main.username}_team1`,
      main: false,
      enabled: true,
      trafficCapMb: 100,
      remark: 'crawler',
    });
    expect(sub.data.password).not.toBe(main.password);
    expect((await post('create', alice.token, { name: 'team1' })).code).toBe(ProxyErrorCode.NameTaken);
    expect((await post('create', alice.token, { name: 'Bad_Name' })).code).toBe(400);
    for (let i = 2; i <= PROXY_MAX_SUB_ACCOUNTS; i++) {
      expect((await post('create', alice.token, { name: `team${i}` })).code).toBe(0);
    }
    const refused = await post('create', alice.token, { name: 'onemore' });
    expect(refused).toMatchObject({
      code: ProxyErrorCode.TooManySubAccounts,
      msg: `You can have at most ${PROXY_MAX_SUB_ACCOUNTS} sub-accounts`,
    });
    const { data } = await list(alice.token);
    expect(data.accounts).toHaveLength(PROXY_MAX_SUB_ACCOUNTS + 1);
    expect(data.accounts[0].main).toBe(true);
  });

  it('updates, resets and deletes sub-accounts; the main account stays', async () => {
    const { data } = await list(alice.token);
    const sub: Account = data.accounts.find((a: Account) => a.username.endsWith('_team2'));
    const updated = await post('update', alice.token, { id: sub.id, enabled: false, trafficCapMb: 50, remark: 'paused' });
    expect(updated.data).toMatchObject({ id: sub.id, enabled: false, trafficCapMb: 50, remark: 'paused' });
    const uncapped = await post('update', alice.token, { id: sub.id, enabled: true, trafficCapMb: null });
    expect(uncapped.data).toMatchObject({ enabled: true, trafficCapMb: null, remark: 'paused' });

    const reset = await post('reset-password', alice.token, { id: sub.id });
    expect(reset.data.password).not.toBe(sub.password);
    expect(await reasonOf(userOf(sub.username), sub.password)).toBe('bad_credentials');
    expect(await reasonOf(userOf(sub.username), reset.data.password)).toBe('ok');

    expect((await post('delete', alice.token, { id: sub.id })).data).toBe(true);
    expect((await post('delete', alice.token, { id: sub.id })).code).toBe(ProxyErrorCode.AccountNotFound);
    expect(await reasonOf(userOf(sub.username), reset.data.password)).toBe('bad_credentials');

    expect((await post('delete', alice.token, { id: main.id })).code).toBe(ProxyErrorCode.MainAccountFixed);
    expect((await post('update', alice.token, { id: main.id, enabled: false })).code).toBe(ProxyErrorCode.MainAccountFixed);
    expect((await post('update', alice.token, { id: main.id, trafficCapMb: 10 })).code).toBe(ProxyErrorCode.MainAccountFixed);
    expect((await post('update', alice.token, { id: main.id, remark: 'mine' })).data).toMatchObject({
      main: true,
      remark: 'mine',
    });
    const mainReset = await post('reset-password', alice.token, { id: main.id });
    expect(mainReset.data.password).not.toBe(main.password);
    expect(await reasonOf(userOf(main.username), main.password)).toBe('bad_credentials');
    main = mainReset.data;
    expect(await reasonOf(userOf(main.username), main.password)).toBe('ok');
  });

  it("keeps one user's accounts from another", async () => {
    const theirs = await list(bob.token);
    expect(theirs.data.accounts).toHaveLength(1);
    expect(theirs.data.accounts[0].username).not.toBe(main.username);
    const mine = (await list(alice.token)).data.accounts as Account[];
    const sub = mine.find((a) => !a.main) as Account;
    for (const target of [main, sub]) {
      expect((await post('update', bob.token, { id: target.id, remark: 'hacked' })).code).toBe(ProxyErrorCode.AccountNotFound);
      expect((await post('reset-password', bob.token, { id: target.id })).code).toBe(ProxyErrorCode.AccountNotFound);
      expect((await post('delete', bob.token, { id: target.id })).code).toBe(ProxyErrorCode.AccountNotFound);
    }
    expect((await post('create', bob.token, { name: 'team1' })).code).toBe(0);
    expect((await list(alice.token)).data.accounts).toEqual(mine);
  });
});

describe('proxy credential verification', () => {
  it('refuses callers without the API key', async () => {
    expect((await verify(userOf(main.username), main.password, null)).statusCode).toBe(403);
    expect((await verify(userOf(main.username), main.password, `${KEY}x`)).statusCode).toBe(403);
  });

  it('checks the API key before the body: a caller without it learns nothing of the schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app-api/proxy-network/verify', payload: { username: 1 } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, data: null, msg: expect.any(String) });
  });

  it('allows a generated username with the right password, with the details', async () => {
    const res = await verify(userOf(main.username), main.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: '',
      data: {
        allowed: true,
        reason: 'ok',
        method: 'password',
        userId: alice.id,
        account: main.username,
        remainingMb: 500,
        target: {
          region: 'US_california_losangeles',
          postcode: null,
          isp: null,
          session: { kind: 'sid', id: 'abc', minutes: 10 },
        },
      },
    });
    const rotating = buildUsername({ account: main.username, session: 'rotating' });
    expect((await verify(rotating, main.password)).json().data).toMatchObject({
      allowed: true,
      target: { region: 'any', session: null },
    });
  });

  it('reports postcode and ISP targeting (issue 18)', async () => {
    const zip = buildUsername({ account: main.username, postcode: '90210', session: 'rotating' });
    expect((await verify(zip, main.password)).json().data).toMatchObject({
      allowed: true,
      target: { region: 'US', postcode: '90210', isp: null, session: null },
    });
    const isp = buildUsername({ account: main.username, country: 'jp', asn: 2516, session: 'extended', minutes: 90 });
    expect((await verify(isp, main.password)).json().data).toMatchObject({
      allowed: true,
      target: { region: 'JP', postcode: null, isp: { asn: 2516, name: 'KDDI (au)' }, session: { kind: 'lsid', minutes: 90 } },
    });
    for (const bad of [
      `${main.username}-zone-resi-region-US_california-zip-90210`,
      `${main.username}-zone-resi-region-US-zip-00000`,
      `${main.username}-zone-resi-region-GB-zip-10001`,
      `${main.username}-zone-resi-region-GB-asn-7922`,
      `${main.username}-zone-resi-region-US-zip-90210-asn-7922`,
    ]) {
      expect(await reasonOf(bad, main.password), bad).toBe('bad_username');
    }
  });

  it('names why it refuses', async () => {
    expect((await verify(userOf(main.username), `${main.password}x`)).json().data).toMatchObject({
      allowed: false,
      reason: 'bad_credentials',
      userId: null,
      remainingMb: 0,
    });
    expect(await reasonOf(userOf('nosuchaccount'), main.password)).toBe('bad_credentials');
    for (const bad of [
      '',
      main.username,
      `${main.username}-zone-resi-region-usa`,
      `${main.username}-zone-resi-region-US-sid-abc-t-99`,
    ]) {
      expect((await verify(bad, main.password)).json().data).toEqual({
        allowed: false,
        reason: 'bad_username',
        method: null,
        userId: null,
        account: null,
        remainingMb: 0,
        target: null,
      });
    }

    const accounts = (await list(alice.token)).data.accounts as Account[];
    const capped = accounts.find((a) => a.username.endsWith('_team1')) as Account;
    expect(capped.trafficCapMb).toBe(100);
    expect(await reasonOf(userOf(capped.username), capped.password)).toBe('ok');
    // The cap is reached the way it is in service: the proxy network reports the sub-account's
    // traffic (as it authenticated, targeting suffixes and all) through its usage call.
    expect((await post('update', alice.token, { id: capped.id, capPeriod: 'total' })).data).toMatchObject({
      capPeriod: 'total',
    });
    const almost = await ingest([usage(userOf(capped.username), 99)]);
    expect(almost).toMatchObject({ applied: 1, cappedAccounts: [] });
    expect(await reasonOf(userOf(capped.username), capped.password)).toBe('ok');
    const full = await ingest([usage(userOf(capped.username), 1)]);
    expect(full).toMatchObject({ applied: 1, cappedAccounts: [capped.username], exhaustedUserIds: [] });
    expect((await verify(userOf(capped.username), capped.password)).json().data).toMatchObject({
      allowed: false,
      reason: 'cap_reached',
      userId: alice.id,
      account: capped.username,
      remainingMb: 400,
    });
    // The cap is the sub-account's own: the main account still gets through.
    expect(await reasonOf(userOf(main.username), main.password)).toBe('ok');

    const other = accounts.find((a) => a.username.endsWith('_team3')) as Account;
    await post('update', alice.token, { id: other.id, enabled: false });
    expect(await reasonOf(userOf(other.username), other.password)).toBe('disabled');

    await t.app.db.update(memberUsers).set({ limitBalance: 0 }).where(eq(memberUsers.id, alice.id));
    expect(await reasonOf(userOf(main.username), main.password)).toBe('no_flow');
    await t.app.db.update(memberUsers).set({ limitBalance: 400 }).where(eq(memberUsers.id, alice.id));
  });

  it('requires certification unless the policy says otherwise', async () => {
    const bobMain = (await list(bob.token)).data.accounts[0] as Account;
    await t.app.db.update(memberUsers).set({ limitBalance: 10 }).where(eq(memberUsers.id, bob.id));
    expect(await reasonOf(userOf(bobMain.username), bobMain.password)).toBe('certification_required');
    expect(await reasonOf(userOf(bobMain.username), bobMain.password, relaxed)).toBe('ok');
    expect(
      (await relaxed.app.inject({ method: 'GET', url: '/app-api/ip/proxy-account/list', headers: bearer(bob.token) })).json()
        .data,
    ).toMatchObject({ certificationRequired: false });
  });
});
