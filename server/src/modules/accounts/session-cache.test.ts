import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { createSession, resolveSession } from './sessions.ts';

/**
 * Two instances on one database: each keeps the sessions it validated, and a revocation through
 * either (or by hand in the database) is refused by both within a second.
 */
let database: TestDatabase;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestApp({ database });
  b = await createTestApp({ database });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.destroy();
});

const me = (app: TestApp, token: string) =>
  app.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(token) }).then((r) => r.json().code as number);

/** Polls until `check` holds, for at most `ms`; how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

const querySpy = () => vi.spyOn((database.db as unknown as { $client: { query: () => unknown } }).$client, 'query');

describe('the session cache', () => {
  it('validates a known session without a query', async () => {
    const user = await createTestUser(database.db);
    const { token } = await createSession(database.db, user.id);
    expect(await resolveSession(database.db, token)).toMatchObject({ userId: user.id });
    const queries = querySpy();
    try {
      for (let i = 0; i < 5; i++) expect(await resolveSession(database.db, token)).toMatchObject({ userId: user.id });
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('never keeps an unknown token: each is looked up', async () => {
    const queries = querySpy();
    try {
      const guess = 'A'.repeat(43);
      expect(await resolveSession(database.db, guess)).toBeNull();
      expect(await resolveSession(database.db, guess)).toBeNull();
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      queries.mockRestore();
    }
  });

  it('a login on A is valid on B, and a logout on B is refused on A within a second', async () => {
    const user = await createTestUser(database.db);
    const token = await loginToken(a.app, user.mobile ?? '', user.password);
    expect(await me(b, token)).toBe(0);
    expect(await me(a, token)).toBe(0);
    const out = await b.app.inject({ method: 'POST', url: '/app-api/member/auth/logout', headers: bearer(token) });
    expect(out.json().code).toBe(0);
    expect(await me(b, token)).toBe(401);
    await within(1000, async () => (await me(a, token)) === 401);
  });

  it('a password change on A ends the other sessions on B within a second, and keeps its own', async () => {
    const user = await createTestUser(database.db);
    const here = await loginToken(a.app, user.mobile ?? '', user.password);
    const there = await loginToken(b.app, user.mobile ?? '', user.password);
    expect(await me(b, there)).toBe(0);
    const res = await a.app.inject({
      method: 'PUT',
      url: '/app-api/ip/member-user/update-password',
      headers: bearer(here),
      payload: { oldPassword: user.password, password: 'Changed@2026x' },
    });
    expect(res.json().code).toBe(0);
    await within(1000, async () => (await me(b, there)) === 401);
    expect(await me(a, here)).toBe(0);
    expect(await me(b, here)).toBe(0);
  });

  it('a revocation made elsewhere (another process, by hand) reaches both through the notification', async () => {
    const user = await createTestUser(database.db);
    const { token, sessionId } = await createSession(database.db, user.id);
    expect(await me(a, token)).toBe(0);
    expect(await me(b, token)).toBe(0);
    // Plain SQL, as psql or another process would: no service tells this process's cache anything.
    await database.db.execute(sql`update member_sessions set revoked_at = now() where id = ${sessionId}`);
    await within(1000, async () => (await me(a, token)) === 401 && (await me(b, token)) === 401);
  });
});
