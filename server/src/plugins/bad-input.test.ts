import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PROXY_NETWORK_KEY_HEADER } from '@portal/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createTestUser, loginToken } from '../test/members.ts';
import { addRegion } from '../test/static-ip.ts';
import { createSession } from '../modules/accounts/sessions.ts';

/**
 * Generated bad input: every operation of the OpenAPI document (plus the routes it leaves out), each
 * field of its query, path and body in turn set to a value of every bad class, with and without a
 * logged-in user. Whatever the answer, it must not be a 5xx: bad input is the caller's fault.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Paths = Record<string, Record<string, Operation>>;

const API_KEY = 'k'.repeat(32);
const NUMBERS = [2147483648, 99999999999, -1, 1.5, 9007199254740991, 8640000000000001, 1e308];
const STRINGS = ['a\u0000b', '/a\u0000b', 'a\u0007b\u001b', 'x'.repeat(20_000), '', '2147483648', '1,99999999999'];
/** The bad classes of a single field: out-of-range numbers, control characters, long text, wrong types. */
const BAD: unknown[] = [...NUMBERS, ...STRINGS, true, null, {}, [1, 2], ['a\u0000']];
/** Whole-body classes: nothing, an empty object, and JSON that is not an object. */
const BAD_BODIES = [undefined, {}, [], 'text', 2147483648, null];
/** The identity an operation is not meant for gets one field case in this many (it mostly stops at auth). */
const OTHER_IDENTITY_SAMPLE = 4;

/** Values the contract accepts for fields with a format of their own, so other fields' bad values get past them. */
const KNOWN: Record<string, unknown> = {
  mobile: '13800138000',
  email: 'a@example.com',
  code: '123456',
  // Not the test user's: a changed password would end the sessions the requests use.
  password: 'Other@1234',
  countryCode: 'US',
  areaCode: 'CA',
  path: '/buy',
  slug: 'hello-world',
  itemIds: '1',
  idCard: '11010519491231002X',
  realName: '张三',
  name: 'abc12',
  contactPhone: '13800138000',
  registrationPhone: '13800138000',
  unifiedSocialCreditCode: '91350100M000100Y43',
  bankAccount: '6222020200112233',
  to: '13800138000',
  gateway: 'sandbox',
  lang: 'en',
  // Set in beforeAll to a region with stock: orders get past the region check to the duration and remark.
  regionId: 0,
  durationDays: 30,
};

function valid(name: string, schema: Schema): unknown {
  const s = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  const known = KNOWN[name];
  if (known !== undefined && (s.type === undefined || s.type === (typeof known === 'string' ? 'string' : 'integer')))
    return known;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => valid(name, s.items ?? {}));
    case 'object':
      return requiredOf(s);
    default:
      return s.format === 'email' ? 'a@example.com' : 'a'.repeat(Math.max(3, s.minLength ?? 0));
  }
}

/** An object of the required properties only, so an optional field's bad value is the only change. */
function requiredOf(schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of schema.required ?? []) out[key] = valid(key, schema.properties?.[key] ?? {});
  return out;
}

/** Every field of an object schema, nested objects and array items included, as a path of keys. */
function fieldPaths(schema: Schema, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    paths.push(path);
    const c = child.anyOf?.[0] ?? child;
    if (c.properties) paths.push(...fieldPaths(c, path));
    if (c.items?.properties) paths.push(...fieldPaths(c.items, [...path, 0]));
    else if (c.items) paths.push([...path, 0]);
  }
  return paths;
}

/** A copy of the valid object with the value at `path` replaced (parents created from the schema). */
function withValue(schema: Schema, path: (string | number)[], value: unknown): Record<string, unknown> {
  const root = structuredClone(requiredOf(schema)) as Record<string | number, unknown>;
  let node = root;
  let s: Schema = schema;
  for (const [i, key] of path.entries()) {
    const child: Schema = (typeof key === 'number' ? s.items : s.properties?.[key]) ?? {};
    if (i === path.length - 1) node[key] = value;
    else {
      node[key] ??= valid(String(key), child);
      node = node[key] as Record<string | number, unknown>;
    }
    s = child.anyOf?.[0] ?? child;
  }
  return root;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(asText(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function multipart(fields: Record<string, unknown>): { payload: string; headers: Record<string, string> } {
  const boundary = '----badinput';
  let payload = '';
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v])
      payload += `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${asText(item)}\r\n`;
  }
  return { payload: `${payload}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Case {
  label: string;
  request: InjectOptions;
  /** Sent as both identities; otherwise the other identity gets a sample. */
  both: boolean;
}

/** The requests for one operation: each field of each part set to each bad class, then bad whole bodies. */
function casesOf(method: string, path: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const part = (where: 'query' | 'path') => {
    const schema: Schema = { properties: {}, required: [] };
    for (const p of params.filter((x) => x.in === where)) {
      schema.properties![p.name] = p.schema;
      if (p.required || where === 'path') schema.required!.push(p.name);
    }
    return schema;
  };
  const query = part('query');
  const pathSchema = part('path');
  const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  const bodySchema = media?.schema;

  const build = (q: Record<string, unknown>, p: Record<string, unknown>, body: unknown, label: string, both = false): Case => {
    const url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(asText(p[k]))) + queryString(q);
    const request: InjectOptions = { method: method.toUpperCase() as InjectOptions['method'], url };
    if (contentType === 'multipart/form-data' && body && typeof body === 'object' && !Array.isArray(body)) {
      Object.assign(request, multipart(body as Record<string, unknown>));
    } else if (body !== undefined) {
      request.payload = JSON.stringify(body);
      request.headers = { 'content-type': 'application/json' };
    }
    return { label: `${method.toUpperCase()} ${path} ${label}`, request, both };
  };

  const q0 = requiredOf(query);
  const p0 = requiredOf(pathSchema);
  const b0 = bodySchema ? requiredOf(bodySchema) : undefined;
  const cases: Case[] = [build(q0, p0, b0, 'valid-ish', true)];
  for (const value of BAD) {
    const tag = (field: (string | number)[]) => `${field.join('.')}=${asText(value).slice(0, 30)}`;
    for (const f of fieldPaths(query)) cases.push(build(withValue(query, f, value), p0, b0, `query ${tag(f)}`));
    for (const f of fieldPaths(pathSchema)) cases.push(build(q0, withValue(pathSchema, f, value), b0, `path ${tag(f)}`));
    if (bodySchema)
      for (const f of fieldPaths(bodySchema)) cases.push(build(q0, p0, withValue(bodySchema, f, value), `body ${tag(f)}`));
  }
  if (method !== 'get')
    for (const body of BAD_BODIES) cases.push(build(q0, p0, body, `whole body ${asText(body) || 'none'}`, true));
  return cases;
}

/** Routes the OpenAPI document hides (pages, sandbox, notifications, remotes), described the same way. */
const str = (name: string, where: 'query' | 'path' = 'query'): Parameter => ({ in: where, name, schema: { type: 'string' } });
const HIDDEN: Paths = {
  '/sandbox/outbox.json': { get: { parameters: [str('to')] } },
  '/sandbox/outbox': { get: { parameters: [str('to')] } },
  '/sandbox/cashier/{token}': { get: { parameters: [str('token', 'path'), str('lang')] } },
  '/sandbox/cashier/{token}/pay': { post: { parameters: [str('token', 'path'), str('lang')] } },
  '/sandbox/cashier/{token}/fail': { post: { parameters: [str('token', 'path'), str('lang')] } },
  '/app-api/pay/notify/{gateway}': {
    post: {
      parameters: [str('gateway', 'path')],
      requestBody: {
        content: {
          'application/json': {
            schema: {
              properties: { paymentNo: { type: 'string' }, tradeNo: { type: 'string' }, amountFen: { type: 'integer' } },
            },
          },
        },
      },
    },
  },
  '/remotes/{name}/{version}/{file}': {
    get: { parameters: [str('name', 'path'), str('version', 'path'), str('file', 'path')] },
  },
  '/remotes.json': { get: {} },
  '/sitemap.xml': { get: {} },
  '/robots.txt': { get: {} },
  '/{page}': { get: { parameters: [str('page', 'path')] } },
  '/en/{page}': { get: { parameters: [str('page', 'path')] } },
  '/app-api/docs/{file}': { get: { parameters: [str('file', 'path')] } },
  '/api/v1/docs/{file}': { get: { parameters: [str('file', 'path')] } },
};

let t: TestApp;
let token: string;
/** A second member whose sessions the session-ending operations spend, so the first stays logged in. */
let sessionSpender: number;
const SESSION_ENDING = new Set([
  '/app-api/member/auth/logout',
  '/app-api/ip/member-session/revoke',
  '/app-api/ip/member-session/revoke-others',
]);
const serverErrors: string[] = [];
/** The request being sent, for the log lines it causes (inject and the logger are synchronous to it). */
let current = '';
beforeAll(async () => {
  // Error-level log lines: a 500, or a database refusal errors.ts turned into a 400 (a contract gap all the same).
  const stream = new Writable({
    write(chunk, _encoding, done) {
      serverErrors.push(`${current}: ${(JSON.parse(String(chunk)) as { msg: string }).msg}`);
      done();
    },
  });
  t = await createTestApp({ env: { SANDBOX: 'true', PROXY_NETWORK_API_KEY: API_KEY }, logger: { level: 'error', stream } });
  await mkdir(t.config.shellDist, { recursive: true });
  await writeFile(join(t.config.shellDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  KNOWN.regionId = (await addRegion(t.app.db, { resourceType: 1, cityEn: 'Los Angeles', nodes: 2 })).regionId;
  const user = await createTestUser(t.app.db);
  token = await loginToken(t.app, user.mobile ?? '', user.password);
  sessionSpender = (await createTestUser(t.app.db)).id;
});
afterAll(() => t.close());

describe('bad input', () => {
  it('never gets a 5xx from any operation of the OpenAPI document or the routes it hides, logged in or not', async () => {
    const doc = (await t.app.inject('/app-api/openapi.json')).json() as { paths: Paths };
    const paths: Paths = { ...doc.paths, ...HIDDEN };
    const anonymous = { name: 'anonymous', headers: { accept: 'text/html' } };
    const member = { name: 'logged in', headers: { ...bearer(token), [PROXY_NETWORK_KEY_HEADER]: API_KEY, accept: 'text/html' } };
    let sent = 0;
    const failures: string[] = [];
    const started = Date.now();
    for (const [path, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Each field case goes to the identity the operation is for; the other one gets a sample.
        const [primary, other] =
          op.security || path.startsWith('/app-api/proxy-network/') ? [member, anonymous] : [anonymous, member];
        for (const [i, c] of casesOf(method, path, op).entries()) {
          for (const who of c.both || i % OTHER_IDENTITY_SAMPLE === 0 ? [primary, other] : [primary]) {
            const headers: Record<string, string> = { ...who.headers, ...(c.request.headers as Record<string, string>) };
            // Logging out or signing devices out would end the session the other requests use: each gets
            // a fresh session of another member (whose own sessions are all it can reach).
            if (SESSION_ENDING.has(path) && headers.authorization) {
              Object.assign(headers, bearer((await createSession(t.app.db, sessionSpender)).token));
            }
            current = `${who.name} ${c.label}`;
            const res = await t.app.inject({ ...c.request, headers });
            sent += 1;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${who.name} ${c.label}: ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    console.log(
      `bad input: ${sent} requests in ${Date.now() - started} ms, ${failures.length} answered 5xx, ${serverErrors.length} logged a server error`,
    );
    expect(failures).toEqual([]);
    expect(serverErrors).toEqual([]);
    // The logged-in requests were logged in to the end.
    expect((await t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(token) })).json().code).toBe(0);
  }, 120_000);

  it.each([
    ['/app-api/order/getRechargeOrderInfo?id=2147483648', 'id'],
    ['/app-api/ip/recharge-order/getStatus/99999999999', 'id'],
    ['/app-api/ip/recharge-order/page?createdFrom=9007199254740991', 'createdFrom'],
    ['/app-api/ip/static-order/page?createdTo=8640000000000001', 'createdTo'],
    ['/app-api/ip/static-order-item-exchange/getExchangeNode?itemIds=1,2147483648', 'itemIds.1'],
    ['/app-api/system/helpCenter/page?keyword=%00', 'keyword'],
    ['/app-api/system/redirect?path=/a%00b', 'path'],
    ['/sandbox/outbox.json?to=a%00b', 'to'],
  ])("answers %s with a 400 naming the field, in the caller's language", async (url, field) => {
    const [en, zh] = await Promise.all(
      ['en', 'zh-CN'].map((lang) => t.app.inject({ url, headers: { 'accept-language': lang } })),
    );
    expect(en?.statusCode).toBe(400);
    expect(en?.json()).toMatchObject({ code: 400, data: null, fieldErrors: { [field]: expect.any(String) } });
    expect(zh?.json().msg).toMatch(/^请求参数有误：/);
    expect(zh?.json().fieldErrors[field]).not.toBe(en?.json().fieldErrors[field]);
  });

  it('names control characters in both languages', async () => {
    const res = await t.app.inject({ url: '/app-api/system/helpCenter/page?keyword=a%00', headers: { 'accept-language': 'en' } });
    expect(res.json().fieldErrors.keyword).toBe(
      'Remove the control characters (invisible characters such as NUL) from this field',
    );
  });
});
