import { API_TOKEN_MAX_PER_USER, ApiTokenErrorCode, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { apiTokens } from './tables.ts';

const RATE_LIMIT = 30;
let t: TestApp;
const clock = testClock();

interface Member {
  id: number;
  session: string;
}
let alice: Member;
let bob: Member;

async function member(): Promise<Member> {
  const u = await createTestUser(t.app.db);
  await t.app.db.update(memberUsers).set({ limitBalance: 2048 }).where(eq(memberUsers.id, u.id));
  return { id: u.id, session: await loginToken(t.app, u.mobile as string, u.password) };
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  alice = await member();
  bob = await member();
});
afterAll(async () => {
  await t?.close();
});

const portal = (session: string, path: string, payload?: object, language = 'en') =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/app-api/member/api-token/${path}`,
    headers: { ...bearer(session), 'accept-language': language },
    ...(payload && { payload }),
  });

async function createToken(session: string, body: object = {}): Promise<{ id: number; secret: string }> {
  const res = (await portal(session, 'create', { name: 'script', scopes: ['usage:read', 'proxy:write'], ...body })).json();
  if (res.code !== 0) throw new Error(JSON.stringify(res));
  return { id: res.data.token.id, secret: res.data.secret };
}

const v1 = (token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, language = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { ...(token === null ? {} : bearer(token)), 'accept-language': language },
    ...(payload && { payload }),
  });

describe('token management in the user centre', () => {
  it('creates a token shown once, lists it without its secret, revokes it', async () => {
    const m = await member();
    const res = (await portal(m.session, 'create', { name: 'CI server', scopes: ['usage:read'], expiresInDays: 30 })).json();
    expect(res.code).toBe(0);
    const { token, secret } = res.data;
    expect(secret).toMatch(/^npt_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'CI server', scopes: ['usage:read'], lastUsedAt: null });
    expect(secret.startsWith(token.hint)).toBe(true);
    expect(token.expiresAt - token.createdAt).toBe(30 * 24 * 3600 * 1000);
    // Only the hash is stored.
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = (await portal(m.session, 'list')).json();
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list.data)).not.toContain(secret);

    expect((await v1(secret, 'GET', '/usage')).statusCode).toBe(200);
    const used = (await portal(m.session, 'list')).json();
    expect(used.data[0].lastUsedAt).toBe(clock().getTime());

    expect((await portal(m.session, 'revoke', { id: token.id })).json()).toMatchObject({ code: 0, data: true });
    expect((await portal(m.session, 'list')).json().data).toEqual([]);
    const after = await v1(secret, 'GET', '/usage');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({ code: 'unauthorized', message: 'This API token has been revoked' });
  });

  it("refuses another member's token to be revoked (not found) and invalid input, in both languages", async () => {
    const mine = await createToken(alice.session);
    const res = (await portal(bob.session, 'revoke', { id: mine.id })).json();
    expect(res.code).toBe(ApiTokenErrorCode.NotFound);
    expect((await v1(mine.secret, 'GET', '/usage')).statusCode).toBe(200);

    const noScope = await portal(alice.session, 'create', { name: 'x', scopes: [] }, 'zh-CN');
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().fieldErrors.scopes).toBe('请至少选择一项权限');
    const badScope = await portal(alice.session, 'create', { name: 'x', scopes: ['admin'] });
    expect(badScope.statusCode).toBe(400);
    const noName = await portal(alice.session, 'create', { name: '  ', scopes: ['usage:read'] });
    expect(noName.json().fieldErrors.name).toBe('Give the token a name of 1–50 characters');
  });

  it('refuses the 21st live token; a revoked one frees its place', async () => {
    const m = await member();
    const made = [];
    for (let i = 0; i < API_TOKEN_MAX_PER_USER; i++) made.push(await createToken(m.session, { name: `t${i}` }));
    const refused = (await portal(m.session, 'create', { name: 'one more', scopes: ['usage:read'] })).json();
    expect(refused.code).toBe(ApiTokenErrorCode.TooMany);
    expect(refused.msg).toBe('You can have at most 20 API tokens: revoke one you no longer use first');
    const zh = (await portal(m.session, 'create', { name: 'one more', scopes: ['usage:read'] }, 'zh-CN')).json();
    expect(zh.msg).toBe('最多只能拥有 20 个 API 令牌，请先撤销不再使用的令牌');
    await portal(m.session, 'revoke', { id: made[0]?.id });
    expect((await portal(m.session, 'create', { name: 'one more', scopes: ['usage:read'] })).json().code).toBe(0);
  });

  it('50 parallel creations leave at most 20 live tokens', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => portal(m.session, 'create', { name: `p${i}`, scopes: ['usage:read'] })),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(API_TOKEN_MAX_PER_USER);
    expect(codes.filter((c) => c === ApiTokenErrorCode.TooMany)).toHaveLength(50 - API_TOKEN_MAX_PER_USER);
    const rows = await t.app.db.select().from(apiTokens).where(eq(apiTokens.userId, m.id));
    expect(rows).toHaveLength(API_TOKEN_MAX_PER_USER);
  });
});

describe('the public API refuses', () => {
  it('no token, a malformed or unknown one: 401 with the reason, in both languages', async () => {
    const none = await v1(null, 'GET', '/usage');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json().error.code).toBe('unauthorized');
    const zh = await v1(null, 'GET', '/usage', undefined, 'zh-CN');
    expect(zh.json().error.message).toBe('请在请求头 “Authorization: Bearer npt_…” 中提供 API 令牌');
    for (const token of ['npt_short', 'abc', `npt_${'A'.repeat(43)}`]) {
      const res = await v1(token, 'GET', '/usage');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/not valid/);
    }
    const basic = await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: { authorization: 'Basic eDp5' } });
    expect(basic.statusCode).toBe(401);
  });

  it('an expired token: 401', async () => {
    const m = await member();
    const { secret } = await createToken(m.session, { expiresInDays: 1 });
    expect((await v1(secret, 'GET', '/usage')).statusCode).toBe(200);
    clock.advance(24 * 3600 * 1000);
    try {
      const res = await v1(secret, 'GET', '/usage');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('This API token has expired');
      // An expired token no longer counts against the limit nor shows in the list.
      expect((await portal(m.session, 'list')).json().data).toEqual([]);
    } finally {
      clock.advance(-24 * 3600 * 1000);
    }
  });

  it('a scope the token lacks: 403 on every operation', async () => {
    const m = await member();
    const usageOnly = (await createToken(m.session, { scopes: ['usage:read'] })).secret;
    const proxyOnly = (await createToken(m.session, { scopes: ['proxy:write'] })).secret;
    expect((await v1(usageOnly, 'GET', '/usage')).statusCode).toBe(200);
    expect((await v1(usageOnly, 'GET', '/orders')).statusCode).toBe(200);
    const proxyCalls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/proxy-accounts'],
      ['POST', '/proxy-accounts', { name: 'abc' }],
      ['PATCH', '/proxy-accounts/1', { enabled: false }],
      ['POST', '/proxy-accounts/1/reset-password'],
      ['DELETE', '/proxy-accounts/1'],
    ];
    for (const [method, path, body] of proxyCalls) {
      const res = await v1(usageOnly, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'forbidden', message: 'This API token lacks the permission "proxy:write"' });
    }
    for (const path of ['/usage', '/orders']) {
      expect((await v1(proxyOnly, 'GET', path)).statusCode).toBe(403);
    }
    expect((await v1(proxyOnly, 'GET', '/proxy-accounts')).statusCode).toBe(200);
  });

  it('a session token at /api/v1/, and an API token at /app-api/', async () => {
    const res = await v1(alice.session, 'GET', '/usage');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    const { secret } = await createToken(alice.session);
    for (const url of ['/app-api/ip/member-user/get', '/app-api/ip/proxy-account/list', '/app-api/member/api-token/list']) {
      const answer = (await t.app.inject({ method: 'GET', url, headers: bearer(secret) })).json();
      // Not authorised (1006000000): a real credential that lacks this permission, not "log in again".
      expect(answer.code, url).toBe(ResultCode.NotAuthorised);
    }
    // Nor can a token make more tokens.
    const made = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/api-token/create',
      headers: bearer(secret),
      payload: { name: 'x', scopes: ['proxy:write'] },
    });
    expect(made.json().code).toBe(ResultCode.NotAuthorised);
  });

  it("another member's sub-account: 404, exactly as one that does not exist", async () => {
    const aliceToken = (await createToken(alice.session)).secret;
    const bobToken = (await createToken(bob.session)).secret;
    const created = await v1(bobToken, 'POST', '/proxy-accounts', { name: 'bobsub', trafficCapMb: 100 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const calls: Array<['POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['PATCH', `/proxy-accounts/${id}`, { enabled: false }],
      ['POST', `/proxy-accounts/${id}/reset-password`],
      ['DELETE', `/proxy-accounts/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await v1(aliceToken, method, path, body);
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
      expect(theirs.json().error).toEqual({ code: 'not_found', message: 'Proxy account not found' });
      const missing = await v1(aliceToken, method, path.replace(String(id), '2000000000'), body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(theirs.json());
    }
    const list = (await v1(aliceToken, 'GET', '/proxy-accounts')).json();
    expect(list.items.map((a: { id: number }) => a.id)).not.toContain(id);
    // Bob's account is untouched.
    const bobs = (await v1(bobToken, 'GET', '/proxy-accounts')).json();
    expect(bobs.items.find((a: { id: number }) => a.id === id)).toMatchObject({ enabled: true });
  });

  it("the IP allow-list of a new server: added, listed, refused with reasons, another member's 404, removed", async () => {
    const aliceToken = (await createToken(alice.session)).secret;
    const bobToken = (await createToken(bob.session)).secret;
    const usageOnly = (await createToken(alice.session, { scopes: ['usage:read'] })).secret;
    const [main] = (await v1(aliceToken, 'GET', '/proxy-accounts')).json().items as { id: number }[];
    if (!main) throw new Error('no main account');
    const path = `/proxy-accounts/${main.id}/allowed-ips`;
    expect((await v1(usageOnly, 'GET', path)).statusCode).toBe(403);

    const added = await v1(aliceToken, 'POST', path, { address: '8.26.56.26', note: 'ci runner' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ accountId: main.id, network: '8.26.56.26/32', note: 'ci runner' });
    expect((await v1(aliceToken, 'GET', path)).json().items.map((e: { network: string }) => e.network)).toEqual([
      '8.26.56.26/32',
    ]);

    const privateOne = await v1(aliceToken, 'POST', path, { address: '10.0.0.8' });
    expect(privateOne.statusCode).toBe(400);
    expect(JSON.stringify(privateOne.json())).toMatch(/private network/);
    expect((await v1(aliceToken, 'POST', path, { address: '8.26.56.26' })).json().error.code).toBe('already_allowed');
    // Bob may allow Alice's address too (the username tells their accounts apart) and is told
    // nothing about hers; he may not see or touch her account's list.
    const [bobMain] = (await v1(bobToken, 'GET', '/proxy-accounts')).json().items as { id: number }[];
    const overlapping = await v1(bobToken, 'POST', `/proxy-accounts/${bobMain?.id}/allowed-ips`, { address: '8.26.56.0/24' });
    expect(overlapping.statusCode).toBe(201);
    expect(overlapping.json()).toMatchObject({ accountId: bobMain?.id, network: '8.26.56.0/24' });
    expect((await v1(bobToken, 'GET', path)).statusCode).toBe(404);
    const entryId = added.json().id;
    expect((await v1(bobToken, 'DELETE', `${path}/${entryId}`)).statusCode).toBe(404);
    // An entry is removed through its own account's path only.
    expect((await v1(aliceToken, 'DELETE', `/proxy-accounts/${main.id + 100000}/allowed-ips/${entryId}`)).statusCode).toBe(404);
    expect((await v1(aliceToken, 'DELETE', `${path}/${entryId}`)).statusCode).toBe(204);
    expect((await v1(aliceToken, 'GET', path)).json().items).toEqual([]);
  });

  it("refuses an address beyond the account's address space with 409 limit_reached, naming the limit in both languages", async () => {
    const m = await member();
    const token = (await createToken(m.session)).secret;
    const [main] = (await v1(token, 'GET', '/proxy-accounts')).json().items as { id: number }[];
    // Sixteen /24s (4,096 IPv4 addresses, the default bound), added in the user centre.
    for (let i = 0; i < 16; i++) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/app-api/ip/proxy-account/allowed-ip/add',
        headers: bearer(m.session),
        payload: { accountId: main?.id, address: `16.0.${i}.0/24` },
      });
      expect(added.json().code).toBe(0);
    }
    const path = `/proxy-accounts/${main?.id}/allowed-ips`;
    const en = await v1(token, 'POST', path, { address: '16.0.16.1' });
    expect(en.statusCode).toBe(409);
    expect(en.json().error).toMatchObject({ code: 'limit_reached', message: expect.stringContaining('4,096 IPv4 addresses') });
    const zh = await v1(token, 'POST', path, { address: '16.0.16.1' }, 'zh-CN');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().error.message).toMatch(/4,096.*[\u4e00-\u9fff]|[\u4e00-\u9fff].*4,096/);
    // An address inside a range already claimed takes no more space.
    expect((await v1(token, 'POST', path, { address: '16.0.3.3' })).statusCode).toBe(201);
  });

  it('invalid input: 400 with each field, unknown paths 404, both as { error }', async () => {
    const { secret } = await createToken(alice.session);
    const bad = await v1(secret, 'POST', '/proxy-accounts', { name: 'A!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'invalid_request',
      fields: { name: 'Use 3–16 lower-case letters or digits for the sub-account name' },
    });
    const badId = await v1(secret, 'DELETE', '/proxy-accounts/abc');
    expect(badId.statusCode).toBe(400);
    const badPage = await v1(secret, 'GET', '/orders?pageSize=1000');
    expect(badPage.statusCode).toBe(400);
    const unknown = await v1(secret, 'GET', '/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('over the per-token rate: 429 with Retry-After, even for 50 requests at once', async () => {
    const m = await member();
    const { secret } = await createToken(m.session);
    const other = (await createToken(m.session)).secret;
    const answers = await Promise.all(Array.from({ length: 50 }, () => v1(secret, 'GET', '/usage')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - RATE_LIMIT);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited?.json().error.code).toBe('rate_limited');
    // Per token: another token of the same member is not affected.
    expect((await v1(other, 'GET', '/usage')).statusCode).toBe(200);
    // The window ends.
    clock.advance(61_000);
    expect((await v1(secret, 'GET', '/usage')).statusCode).toBe(200);
  });
});

describe('the public API serves', () => {
  it('usage, orders and the whole life of a sub-account', async () => {
    const m = await member();
    const { secret } = await createToken(m.session);
    const usage = await v1(secret, 'GET', '/usage');
    expect(usage.statusCode).toBe(200);
    expect(usage.headers['cache-control']).toBe('no-store');
    // The API's security headers, not a page's: the strictest CSP, no nonce.
    expect(usage.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(usage.headers['x-content-type-options']).toBe('nosniff');
    expect(usage.json()).toMatchObject({ remainingMb: 2048, totalConsumptionMb: 0 });
    expect(usage.json().daily).toHaveLength(30);
    expect(usage.json()).not.toHaveProperty('code');

    const orders = (await v1(secret, 'GET', '/orders?pageNo=1&pageSize=5')).json();
    expect(orders).toEqual({ items: [], total: 0, pageNo: 1, pageSize: 5 });

    const created = await v1(secret, 'POST', '/proxy-accounts', { name: 'customer1', trafficCapMb: 500, remark: 'Acme' });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({ main: false, enabled: true, trafficCapMb: 500, remark: 'Acme' });
    expect(account.username).toMatch(/_customer1$/);
    const taken = await v1(secret, 'POST', '/proxy-accounts', { name: 'customer1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('name_taken');

    const disabled = await v1(secret, 'PATCH', `/proxy-accounts/${account.id}`, { enabled: false, trafficCapMb: null });
    expect(disabled.json()).toMatchObject({ enabled: false, trafficCapMb: null });
    const reset = (await v1(secret, 'POST', `/proxy-accounts/${account.id}/reset-password`)).json();
    expect(reset.password).not.toBe(account.password);

    const list = (await v1(secret, 'GET', '/proxy-accounts')).json();
    expect(list.items).toHaveLength(2);
    const main = list.items[0];
    expect(main.main).toBe(true);
    const fixed = await v1(secret, 'DELETE', `/proxy-accounts/${main.id}`);
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().error.code).toBe('main_account_fixed');

    const gone = await v1(secret, 'DELETE', `/proxy-accounts/${account.id}`);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await v1(secret, 'DELETE', `/proxy-accounts/${account.id}`)).statusCode).toBe(404);
  });

  it('its own OpenAPI document, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/orders',
      '/api/v1/proxy-accounts',
      '/api/v1/proxy-accounts/{id}',
      '/api/v1/proxy-accounts/{id}/allowed-ips',
      '/api/v1/proxy-accounts/{id}/allowed-ips/{entryId}',
      '/api/v1/proxy-accounts/{id}/reset-password',
      '/api/v1/usage',
    ]);
    expect(doc.paths['/api/v1/proxy-accounts'].post.security).toEqual([{ apiToken: ['proxy:write'] }]);
    expect(doc.paths['/api/v1/proxy-accounts'].post.requestBody.content['application/json'].schema.properties.name).toBeDefined();
    // The portal's document stays the portal's.
    const portalDoc = (await t.app.inject({ method: 'GET', url: '/app-api/openapi.json' })).json();
    expect(Object.keys(portalDoc.paths).some((p) => p.startsWith('/api/v1'))).toBe(false);
    expect(portalDoc.paths['/app-api/member/api-token/create']).toBeDefined();
  });
});
