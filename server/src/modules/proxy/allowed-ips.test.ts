import { buildUsername, PROXY_MAX_ALLOWED_IPS, ProxyErrorCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { proxyAllowedIps } from './tables.ts';

const KEY = 'test-proxy-network-key-0123456789';

let t: TestApp;
interface Member {
  id: number;
  token: string;
  main: { id: number; username: string };
}
let alice: Member;
let bob: Member;

async function member(balance: number): Promise<Member> {
  const user = await createTestUser(t.app.db);
  await t.app.db.update(memberUsers).set({ limitBalance: balance, identificationStatus: 3 }).where(eq(memberUsers.id, user.id));
  const token = await loginToken(t.app, user.mobile as string, user.password);
  const listed = await t.app.inject({ url: '/app-api/ip/proxy-account/list', headers: bearer(token) });
  const main = listed.json().data.accounts[0] as { id: number; username: string };
  return { id: user.id, token, main };
}

beforeAll(async () => {
  t = await createTestApp({ env: { PROXY_NETWORK_API_KEY: KEY } });
  alice = await member(500);
  bob = await member(500);
});
afterAll(() => t.close());

const call = (path: string, token: string, payload: object, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/app-api/ip/proxy-account/${path}`,
    headers: { ...bearer(token), 'accept-language': locale },
    payload,
  });
const add = (m: Member, address: string, accountId = m.main.id, locale = 'en') =>
  call('allowed-ip/add', m.token, { accountId, address, note: 'build server' }, locale).then((r) => r.json());
const listOf = async (m: Member, accountId?: number) =>
  (
    await t.app.inject({
      url: `/app-api/ip/proxy-account/allowed-ip/list${accountId ? `?accountId=${accountId}` : ''}`,
      headers: bearer(m.token),
    })
  ).json().data as { id: number; accountId: number; network: string; note: string }[];
const verify = (payload: object) =>
  t.app
    .inject({ method: 'POST', url: '/app-api/proxy-network/verify', headers: { 'x-api-key': KEY }, payload })
    .then((r) => r.json().data);
const userOf = (account: string) => buildUsername({ account, country: 'US', session: 'rotating' });
/** The address space bound of the default configuration. */
const DEFAULT_IPV4 = 4096;
async function subAccounts(m: Member, prefix: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const created = await call('create', m.token, { name: `${prefix}${i}` });
    ids.push(created.json().data.id as number);
  }
  return ids;
}

describe('IP allow-lists', () => {
  it('adds a public address, normalised, and lists it with its note', async () => {
    const added = await add(alice, ' 8.8.4.4 ');
    expect(added).toMatchObject({ code: 0, data: { accountId: alice.main.id, network: '8.8.4.4/32', note: 'build server' } });
    expect((await add(alice, '9.9.9.77/24')).data.network).toBe('9.9.9.0/24');
    expect((await listOf(alice)).map((e) => e.network)).toEqual(['9.9.9.0/24', '8.8.4.4/32']);
    expect(await listOf(bob)).toEqual([]);
  });

  it('refuses private, loopback, reserved, too wide and malformed entries, in both languages, saving nothing', async () => {
    const before = (await listOf(alice)).length;
    for (const [address, en] of [
      ['192.168.1.10', /private network/],
      ['127.0.0.1', /loopback/],
      ['203.0.113.9', /reserved/],
      ['8.8.0.0/16', /at most \/24/],
      ['not-an-ip', /IPv4 or IPv6/],
    ] as const) {
      const res = await call('allowed-ip/add', alice.token, { accountId: alice.main.id, address }, 'en');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(en);
      const zh = await call('allowed-ip/add', alice.token, { accountId: alice.main.id, address }, 'zh-CN');
      expect(JSON.stringify(zh.json())).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await listOf(alice)).length).toBe(before);
  });

  it("refuses another user's account as not found, and an address twice on one account", async () => {
    expect((await add(bob, '8.8.8.8', alice.main.id)).code).toBe(ProxyErrorCode.AccountNotFound);
    expect((await add(alice, '8.8.4.4')).code).toBe(ProxyErrorCode.AllowedIpDuplicate);
  });

  it("allows one address for two of a user's accounts", async () => {
    const sub = (await call('create', alice.token, { name: 'allowsub' })).json().data as { id: number; username: string };
    expect((await add(alice, '8.8.4.4', sub.id)).code).toBe(0);
  });

  it('lets the proxy network in by source address without a password, with every other rule unchanged', async () => {
    const username = userOf(alice.main.username);
    expect(await verify({ username, sourceIp: '8.8.4.4' })).toMatchObject({
      allowed: true,
      reason: 'ok',
      method: 'allowed_ip',
      userId: alice.id,
    });
    expect(await verify({ username, sourceIp: '9.9.9.200' })).toMatchObject({ allowed: true, method: 'allowed_ip' });
    for (const sourceIp of ['8.8.8.8', '1.1.1.1', 'garbage', '8.8.4.4/32'])
      expect(await verify({ username, sourceIp })).toMatchObject({ allowed: false, reason: 'ip_not_allowed', userId: null });
    // Allowed for Alice's main account does not let Bob's account in from there.
    expect(await verify({ username: userOf(bob.main.username), sourceIp: '8.8.4.4' })).toMatchObject({
      allowed: false,
      reason: 'ip_not_allowed',
    });
    // Nothing to check against: refused by the contract.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/app-api/proxy-network/verify',
      headers: { 'x-api-key': KEY },
      payload: { username },
    });
    expect(bare.statusCode).toBe(400);
    // The other rules still apply.
    await t.app.db.update(memberUsers).set({ limitBalance: 0 }).where(eq(memberUsers.id, alice.id));
    expect(await verify({ username, sourceIp: '8.8.4.4' })).toMatchObject({ allowed: false, reason: 'no_flow' });
    await t.app.db.update(memberUsers).set({ limitBalance: 500 }).where(eq(memberUsers.id, alice.id));
  });

  it(`holds ${PROXY_MAX_ALLOWED_IPS} per account when 50 adds arrive at once`, async () => {
    const carol = await member(100);
    const addresses = Array.from(
      { length: PROXY_MAX_ALLOWED_IPS + 10 },
      (_, i) => `11.0.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    );
    for (const a of addresses.slice(0, 10)) expect((await add(carol, a)).code).toBe(0);
    const results = await Promise.all(addresses.slice(10).map((a) => add(carol, a)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(PROXY_MAX_ALLOWED_IPS - 10);
    expect(results.filter((r) => r.code === ProxyErrorCode.TooManyAllowedIps)).toHaveLength(10);
    expect(results.find((r) => r.code === ProxyErrorCode.TooManyAllowedIps)?.msg).toContain(String(PROXY_MAX_ALLOWED_IPS));
    expect(await listOf(carol, carol.main.id)).toHaveLength(PROXY_MAX_ALLOWED_IPS);
  });

  it('lets a second user allow addresses the first holds, never saying so; each is let in by their own username only', async () => {
    const frank = await member(100);
    const same = await add(frank, '8.8.4.4');
    expect(same).toMatchObject({ code: 0, data: { accountId: frank.main.id, network: '8.8.4.4/32' } });
    // Alice's range, and an address inside it, as well.
    expect((await add(frank, '9.9.9.0/24')).code).toBe(0);
    expect((await add(frank, '9.9.9.9')).code).toBe(0);
    expect((await listOf(frank)).map((e) => e.network)).toEqual(['9.9.9.9/32', '9.9.9.0/24', '8.8.4.4/32']);

    // The username names the account; the address is looked up in that account's list alone.
    for (const [m, sourceIp] of [
      [alice, '8.8.4.4'],
      [frank, '8.8.4.4'],
      [alice, '9.9.9.9'],
      [frank, '9.9.9.9'],
    ] as const) {
      expect(await verify({ username: userOf(m.main.username), sourceIp })).toMatchObject({
        allowed: true,
        method: 'allowed_ip',
        userId: m.id,
        account: m.main.username,
      });
    }
    // Bob holds neither: the same source address does not let his username in.
    expect(await verify({ username: userOf(bob.main.username), sourceIp: '8.8.4.4' })).toMatchObject({
      allowed: false,
      reason: 'ip_not_allowed',
      userId: null,
    });
    // Frank removing his entry leaves Alice's as it was.
    const mine = (await listOf(frank)).find((e) => e.network === '8.8.4.4/32');
    expect((await call('allowed-ip/delete', frank.token, { id: mine?.id })).json().code).toBe(0);
    expect(await verify({ username: userOf(frank.main.username), sourceIp: '8.8.4.4' })).toMatchObject({ allowed: false });
    expect(await verify({ username: userOf(alice.main.username), sourceIp: '8.8.4.4' })).toMatchObject({ allowed: true });
  });

  it('gives each of two users their own entry when both add the same addresses at once, 25 times each', async () => {
    const [dave, erin] = [await member(100), await member(100)];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => add(i % 2 === 0 ? dave : erin, i % 3 === 0 ? '12.1.1.0/24' : '12.1.1.7')),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(4);
    expect(results.filter((r) => r.code === ProxyErrorCode.AllowedIpDuplicate)).toHaveLength(46);
    for (const m of [dave, erin]) expect((await listOf(m)).map((e) => e.network).sort()).toEqual(['12.1.1.0/24', '12.1.1.7/32']);
  });

  it(`bounds the IPv4 space a user claims over all their accounts at ${DEFAULT_IPV4.toLocaleString('en')} addresses`, async () => {
    const grace = await member(100);
    const accounts = [grace.main.id, ...(await subAccounts(grace, 'grace', 4))];
    // Sixteen /24s spread over five accounts fill the bound…
    for (let i = 0; i < 16; i++) expect((await add(grace, `13.0.${i}.0/24`, accounts[i % 5])).code).toBe(0);
    // …so a seventeenth range, or one more single address, is refused, saying the limit.
    const en = await add(grace, '13.0.16.0/24', accounts[1]);
    expect(en.code).toBe(ProxyErrorCode.AllowListSpaceFull);
    expect(en.msg).toContain('4,096 IPv4 addresses');
    const zh = await add(grace, '13.0.16.7', accounts[2], 'zh-CN');
    expect(zh.code).toBe(ProxyErrorCode.AllowListSpaceFull);
    expect(zh.msg).toContain('4,096');
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    // Space already claimed counts once: the same range on another account, or an address inside one.
    expect((await add(grace, '13.0.0.0/24', accounts[1])).code).toBe(0);
    expect((await add(grace, '13.0.3.9', accounts[4])).code).toBe(0);
    // Another user is not affected by Grace's bound, and may hold the same ranges.
    expect((await add(bob, '13.0.16.0/24')).code).toBe(0);
    expect((await add(bob, '13.0.5.0/24')).code).toBe(0);
    // Removing a range frees its space.
    const entry = (await listOf(grace, accounts[2])).find((e) => e.network === '13.0.2.0/24');
    expect((await call('allowed-ip/delete', grace.token, { id: entry?.id })).json().code).toBe(0);
    expect((await add(grace, '13.0.16.0/24', accounts[1])).code).toBe(0);
  });

  it('bounds the IPv6 space a user claims by /64 networks: four /48s', async () => {
    const heidi = await member(100);
    const accounts = [heidi.main.id, ...(await subAccounts(heidi, 'heidi', 3))];
    for (let i = 0; i < 4; i++) expect((await add(heidi, `2a00:${i + 1}::/48`, accounts[i])).code).toBe(0);
    const wide = await add(heidi, '2a00:5::/48', accounts[0]);
    expect(wide.code).toBe(ProxyErrorCode.AllowListSpaceFull);
    expect(wide.msg).toContain('262,144 IPv6 /64 networks');
    // A single address elsewhere takes its /64: refused too; inside a /48 already claimed: accepted.
    expect((await add(heidi, '2a00:6::1')).code).toBe(ProxyErrorCode.AllowListSpaceFull);
    expect((await add(heidi, '2a00:1:0:7::1', accounts[1])).code).toBe(0);
    // IPv4 has a bound of its own.
    expect((await add(heidi, '14.0.0.0/24')).code).toBe(0);
  });

  it('holds the space bound when 50 adds arrive at once over five accounts', async () => {
    const ivan = await member(100);
    const accounts = [ivan.main.id, ...(await subAccounts(ivan, 'ivan', 4))];
    // 12 of the 16 /24s already claimed: room for 4 more.
    for (let i = 0; i < 12; i++) expect((await add(ivan, `15.0.${i}.0/24`, accounts[i % 5])).code).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => add(ivan, `15.1.${i}.0/24`, accounts[i % 5] as number)),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(4);
    expect(results.filter((r) => r.code === ProxyErrorCode.AllowListSpaceFull)).toHaveLength(46);
    const rows = await t.app.db.select().from(proxyAllowedIps).where(eq(proxyAllowedIps.userId, ivan.id));
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.network.endsWith('/24'))).toBe(true);
  });

  it("removes one's own entries only; another user's is not found", async () => {
    const [entry] = await listOf(alice, alice.main.id);
    if (!entry) throw new Error('no entry');
    expect((await call('allowed-ip/delete', bob.token, { id: entry.id })).json().code).toBe(ProxyErrorCode.AllowedIpNotFound);
    expect((await call('allowed-ip/delete', alice.token, { id: entry.id })).json()).toMatchObject({ code: 0, data: true });
    expect((await listOf(alice)).some((e) => e.id === entry.id)).toBe(false);
  });
});
