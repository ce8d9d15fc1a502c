import { ProxyErrorCode, parseUsername, proxyListFile } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { LIST_ADDRESS_QUOTA, LIST_TOKEN_QUOTA } from './list-link-routes.ts';
import { proxyListLinks } from './tables.ts';

const BASE = 'https://portal.example.com';
let t: TestApp;
let alice: string;
let bob: string;
let ipCounter = 0;
/** A fresh client address per test, so the per-address quota of one test does not leak into another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

interface Link {
  accountId: number;
  format: string;
  url: string | null;
  lastUsedAt: number | null;
}

const options = {
  country: 'US',
  state: 'california',
  session: 'sticky',
  minutes: 10,
  protocol: 'http',
  endpointArea: 'global',
  lineFormat: 'host:port:user:pass',
  count: 5,
} as const;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_BASE_URL: BASE, PROXY_GATEWAY_HOST: 'gate.example.com' } });
  const a = await createTestUser(t.app.db);
  const b = await createTestUser(t.app.db);
  alice = await loginToken(t.app, a.mobile as string, a.password);
  bob = await loginToken(t.app, b.mobile as string, b.password);
});
afterAll(async () => {
  await t.close();
});

const call = async (path: string, token: string, payload?: unknown) =>
  (
    await t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `/app-api/ip/proxy-account/${path}`,
      headers: { ...bearer(token), 'accept-language': 'en', host: 'evil.example' },
      ...(payload !== undefined && { payload: payload as object }),
    })
  ).json();
const accounts = async (token: string) =>
  (await call('list', token)).data.accounts as { id: number; username: string; password: string; main: boolean }[];
const subAccount = async (token: string, name: string) => {
  const res = await call('create', token, { name });
  expect(res.code).toBe(0);
  return res.data as { id: number; username: string; password: string };
};
const createLink = async (token: string, accountId: number, format = 'txt', opts: object = options) => {
  const res = await call('list-link/create', token, { accountId, format, options: opts });
  expect(res.code, res.msg).toBe(0);
  return res.data as Link;
};
const download = (url: string, ip = nextIp(), lang = 'en') =>
  t.app.inject({ method: 'GET', url: url.slice(BASE.length), remoteAddress: ip, headers: { 'accept-language': lang } });

describe('proxy list links', () => {
  it('creates a link whose URL is on the public base URL and answers the generated lines as TXT', async () => {
    const sub = await subAccount(alice, 'listtxt');
    const link = await createLink(alice, sub.id);
    expect(link.url).toMatch(new RegExp(`^${BASE}/proxy-list/pl_[A-Za-z0-9_-]{43}\\.txt$`));
    const res = await download(link.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="proxies-${sub.username}.txt"`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      const [host, port, user, password] = line.split(':');
      expect([host, port, password]).toEqual(['gate.example.com', '7777', sub.password]);
      const parsed = parseUsername(user as string);
      expect(parsed).toMatchObject({ account: sub.username, region: 'US_california', session: { kind: 'sid', minutes: 10 } });
    }
    // A sticky session without an id: one random id per line, as in the generator.
    expect(new Set(lines).size).toBe(5);
    // The list shows the link without its URL; last use is recorded.
    const list = (await call('list-link/list', alice)).data as Link[];
    expect(list).toEqual([
      expect.objectContaining({ accountId: sub.id, format: 'txt', url: null, lastUsedAt: expect.any(Number) }),
    ]);
  });

  it('answers CSV and JSON, and the JSON file follows the contract', async () => {
    const sub = await subAccount(alice, 'listfmt');
    const csv = await createLink(alice, sub.id, 'csv', {
      ...options,
      session: 'rotating',
      minutes: undefined,
      protocol: 'socks5',
    });
    const csvRes = await download(csv.url as string);
    expect(csvRes.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csvRes.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('host,port,username,password,protocol');
    expect(rows[1]).toBe(`gate.example.com,7779,${sub.username}-zone-resi-region-US_california,${sub.password},socks5`);
    expect(rows).toHaveLength(6);

    const json = await createLink(alice, sub.id, 'json', { ...options, lineFormat: 'host:port:user', count: 2 });
    expect((await download(csv.url as string)).statusCode).toBe(404); // replaced
    const jsonRes = await download(json.url as string);
    expect(jsonRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const file = proxyListFile.parse(jsonRes.json());
    expect(file.account).toBe(sub.username);
    expect(file.proxies).toHaveLength(2);
    expect(file.proxies[0]).toMatchObject({ host: 'gate.example.com', port: 7777, password: null, protocol: 'http' });
    expect(file.proxies[0]?.line).toBe(`gate.example.com:7777:${file.proxies[0]?.username}`);
    // The extension is part of the link: the same token as .txt is not found.
    expect((await download((json.url as string).replace(/\.json$/, '.txt'))).statusCode).toBe(404);
  });

  it("works for the main account and never for another user's account", async () => {
    const [main] = await accounts(alice);
    const link = await createLink(alice, main?.id as number);
    expect((await download(link.url as string)).statusCode).toBe(200);

    const res = await call('list-link/create', bob, { accountId: main?.id, format: 'txt', options });
    expect(res.code).toBe(ProxyErrorCode.AccountNotFound);
    for (const path of ['list-link/rotate', 'list-link/revoke']) {
      expect((await call(path, bob, { accountId: main?.id })).code).toBe(ProxyErrorCode.ListLinkNotFound);
    }
    expect((await call('list-link/list', bob)).data).toEqual([]);
    expect((await download(link.url as string)).statusCode).toBe(200);
  });

  it('refuses options that make no lines with a localized answer', async () => {
    const sub = await subAccount(alice, 'listbad');
    const bad = await call('list-link/create', alice, { accountId: sub.id, format: 'txt', options: { ...options, minutes: 99 } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('generator settings');
    const noZip = await call('list-link/create', alice, {
      accountId: sub.id,
      format: 'txt',
      options: { ...options, state: undefined, postcode: '00000' },
    });
    expect(noZip.code).toBe(ProxyErrorCode.ListLinkOptionsInvalid);
    const area = await call('list-link/create', alice, {
      accountId: sub.id,
      format: 'txt',
      options: { ...options, endpointArea: 'mars' },
    });
    expect(area.code).toBe(ProxyErrorCode.ListLinkOptionsInvalid);
    const format = await call('list-link/create', alice, { accountId: sub.id, format: 'xml', options });
    expect(format.code).toBe(400);
  });

  it('rotates (the old URL dies) and revokes (the URL answers 404 in the caller language)', async () => {
    const sub = await subAccount(alice, 'listrot');
    const first = await createLink(alice, sub.id);
    const rotated = (await call('list-link/rotate', alice, { accountId: sub.id })).data as Link;
    expect(rotated.url).not.toBe(first.url);
    expect(rotated.url?.startsWith(`${BASE}/proxy-list/`)).toBe(true);
    expect((await download(first.url as string)).statusCode).toBe(404);
    expect((await download(rotated.url as string)).statusCode).toBe(200);

    expect((await call('list-link/revoke', alice, { accountId: sub.id })).data).toBe(true);
    const gone = await download(rotated.url as string, nextIp(), 'zh-CN');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.body).toContain('代理列表链接');
    // Unknown and malformed tokens get the same answer.
    const unknown = await download(`${BASE}/proxy-list/pl_${'A'.repeat(43)}.txt`, nextIp(), 'zh-CN');
    const malformed = await download(`${BASE}/proxy-list/whatever.txt`, nextIp(), 'zh-CN');
    expect([unknown.statusCode, unknown.body]).toEqual([404, gone.body]);
    expect([malformed.statusCode, malformed.body]).toEqual([404, gone.body]);
  });

  it('dies with a password reset and with the sub-account', async () => {
    const reset = await subAccount(alice, 'listreset');
    const link = await createLink(alice, reset.id);
    expect((await download(link.url as string)).statusCode).toBe(200);
    expect((await call('reset-password', alice, { id: reset.id })).code).toBe(0);
    expect((await download(link.url as string)).statusCode).toBe(404);
    expect((await call('list-link/list', alice)).data.some((l: Link) => l.accountId === reset.id)).toBe(false);

    // Bound to the password too: a password changed without the reset call also ends the link.
    const again = await createLink(alice, reset.id);
    const { proxyAccounts } = await import('./tables.ts');
    await t.app.db.update(proxyAccounts).set({ password: 'Changed23456' }).where(eq(proxyAccounts.id, reset.id));
    expect((await download(again.url as string)).statusCode).toBe(404);

    const gone = await subAccount(alice, 'listdel');
    const doomed = await createLink(alice, gone.id);
    expect((await call('delete', alice, { id: gone.id })).code).toBe(0);
    expect(await t.app.db.select().from(proxyListLinks).where(eq(proxyListLinks.accountId, gone.id))).toEqual([]);
    expect((await download(doomed.url as string)).statusCode).toBe(404);
  });

  it('answers 404 while the sub-account is disabled and again the lines once it is enabled', async () => {
    const sub = await subAccount(alice, 'listoff');
    const link = await createLink(alice, sub.id);
    await call('update', alice, { id: sub.id, enabled: false });
    expect((await download(link.url as string)).statusCode).toBe(404);
    await call('update', alice, { id: sub.id, enabled: true });
    expect((await download(link.url as string)).statusCode).toBe(200);
  });

  it('holds the per-link limit under 50 parallel downloads from many addresses', async () => {
    const sub = await subAccount(alice, 'listrate');
    const link = await createLink(alice, sub.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => download(link.url as string)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIST_TOKEN_QUOTA.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - LIST_TOKEN_QUOTA.limit);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.body).toBe('Too many requests, please try again later');
  });

  it('holds the per-address limit under 50 parallel requests, known tokens or not', async () => {
    const ip = nextIp();
    const first = await Promise.all(
      Array.from({ length: 50 }, (_, i) => download(`${BASE}/proxy-list/pl_${String(i).padStart(43, 'x')}.txt`, ip)),
    );
    expect(first.every((r) => r.statusCode === 404)).toBe(true);
    const sub = await subAccount(alice, 'listip');
    const link = await createLink(alice, sub.id);
    const second = await Promise.all(Array.from({ length: 50 }, () => download(link.url as string, ip)));
    const ok = second.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(LIST_ADDRESS_QUOTA.limit - 50);
    expect(second.filter((r) => r.statusCode === 429)).toHaveLength(50 - ok);
  });
});
