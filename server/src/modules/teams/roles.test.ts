import {
  type Api,
  api,
  type ApiEntry,
  can,
  defineApi,
  ResultCode,
  ROLE_PERMISSIONS,
  ROUTE_RULES,
  TEAM_ROLES,
  type TeamRole,
} from '@portal/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { route } from '../../plugins/contract.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { teamMembers } from '../accounts/tables.ts';

/**
 * The role table against the server (decision 0054): every signed-in entry of the contract, called
 * by a member of each role in a team. The rows come from `api` itself, so a new route is in this
 * table the day it is added (and does not typecheck without a rule in ROUTE_RULES).
 */
let t: TestApp;
const sessions = {} as Record<TeamRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createTestUser(t.app.db);
  sessions.owner = await loginToken(t.app, owner.mobile as string, owner.password);
  for (const role of TEAM_ROLES.filter((r) => r !== 'owner')) {
    const person = await createTestUser(t.app.db);
    await t.app.db.insert(teamMembers).values({ teamId: owner.id, memberId: person.id, role });
    const token = await loginToken(t.app, person.mobile as string, person.password);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/team/switch',
      payload: { teamId: owner.id },
      headers: bearer(token),
    });
    expect(switched.json()).toMatchObject({ code: 0, data: { teamId: owner.id, role } });
    sessions[role] = token;
  }
});
afterAll(() => t.close());

const refusal = { code: ResultCode.NotAuthorised, data: null, msg: translate('en', 'error.teamRole') };

/** Role-guarded entries only: `personal` ones (logout, leave…) are every signed-in person's by definition. */
const guarded = (Object.entries(api) as [keyof Api, ApiEntry][]).filter(([key, entry]) => {
  const rule = ROUTE_RULES[key];
  return entry.auth && rule !== 'personal' && rule !== 'public';
});
const table = guarded.flatMap(([key, entry]) =>
  TEAM_ROLES.map((role) => {
    const rule = ROUTE_RULES[key] as Exclude<(typeof ROUTE_RULES)[keyof Api], 'personal' | 'public'>;
    return { key, role, entry, allowed: can(role, rule) };
  }),
);

describe('role × route table', () => {
  it('has a rule for every entry: public exactly for the entries without sign-in', () => {
    for (const [key, entry] of Object.entries(api) as [keyof Api, ApiEntry][]) {
      expect([key, ROUTE_RULES[key] === 'public']).toEqual([key, !entry.auth]);
    }
    expect(guarded.length).toBeGreaterThan(50);
  });

  it.each(table.map((row) => [row.key, row.role, row.allowed ? 'allowed' : 'refused', row] as const))(
    '%s as %s: %s',
    async (_key, role, _expected, { entry, allowed }) => {
      const res = await t.app.inject({
        method: entry.method,
        url: entry.path.replace(/\{\w+\}/g, '1'),
        headers: { ...bearer(sessions[role]), 'accept-language': 'en' },
        ...(entry.method === 'GET' ? {} : { payload: {} }),
      });
      if (allowed) expect(res.json().msg).not.toBe(refusal.msg);
      else expect([res.statusCode, res.json()]).toEqual([200, refusal]);
    },
  );

  it('refuses in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/proxy-account/create',
      payload: {},
      headers: { ...bearer(sessions.finance), 'accept-language': 'zh-CN' },
    });
    expect(res.json()).toEqual({ ...refusal, msg: translate('zh-CN', 'error.teamRole') });
  });
});

describe('the issue words, in the table', () => {
  const allowedFor = (key: keyof Api) => TEAM_ROLES.filter((role) => can(role, ROUTE_RULES[key] as never));
  it('owner: everything and ownership; admin: everything but ownership', () => {
    expect(ROLE_PERMISSIONS.owner).toContain('ownership');
    expect(ROLE_PERMISSIONS.admin).not.toContain('ownership');
    expect(allowedFor('teamTransfer')).toEqual(['owner']);
    expect(allowedFor('teamInvite')).toEqual(['owner', 'admin']);
  });
  it('finance: buying, orders, invoices, certification; no proxy credentials', () => {
    for (const key of [
      'rechargeOrderCreate',
      'orderPay',
      'staticOrderCreate',
      'invoiceRequest',
      'enterpriseCertCreate',
    ] as const) {
      expect(allowedFor(key)).toContain('finance');
    }
    for (const key of ['proxyAccountList', 'staticIpPage', 'proxyAccountCreate', 'apiTokenCreate'] as const) {
      expect(allowedFor(key)).not.toContain('finance');
    }
  });
  it('developer: sub-accounts, allow-lists, API tokens, usage; no buying', () => {
    for (const key of ['proxyAccountCreate', 'proxyAllowedIpAdd', 'apiTokenCreate', 'usageBreakdown', 'staticIpPage'] as const) {
      expect(allowedFor(key)).toContain('developer');
    }
    for (const key of ['rechargeOrderCreate', 'staticOrderCreate', 'renewalCreate', 'orderPay'] as const) {
      expect(allowedFor(key)).not.toContain('developer');
    }
  });
  it('viewer: reads only', () => {
    expect(ROLE_PERMISSIONS.viewer).toEqual(['read']);
    for (const [key, entry] of guarded) {
      if (entry.method !== 'GET') expect([key, allowedFor(key).includes('viewer')]).toEqual([key, false]);
    }
  });
});

describe('a signed-in route without a rule', () => {
  it('stops the server from starting rather than serve it unchecked', async () => {
    const app = Fastify();
    app.decorate('authenticate', async () => {});
    try {
      const entry = defineApi({
        method: 'GET',
        path: '/app-api/test/unruled',
        summary: 't',
        tags: ['t'],
        auth: true,
        data: z.null(),
      });
      expect(() => route(app, entry, () => null)).toThrow(/no rule in the team role table/);
    } finally {
      await app.close();
    }
  });
});
