import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';

/**
 * member-user/get comes from each instance's cache, and any change to the member's row (through the
 * server, another process or by hand) shows on the next call: at once on the instance that made it,
 * within a second everywhere else (the row trigger's notification, migration 0012).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const info = (token: string) =>
  t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(token) }).then((r) => {
    expect(r.json().code).toBe(0);
    return r.json().data as { nickname: string; limitBalance: number };
  });

async function member() {
  const user = await createTestUser(t.app.db);
  return { ...user, token: await loginToken(t.app, user.mobile ?? '', user.password) };
}

/** Polls until `check` holds, for at most `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const querySpy = () => vi.spyOn((t.app.db as unknown as { $client: { query: () => unknown } }).$client, 'query');

describe('the member cache', () => {
  it('answers a member again without a query', async () => {
    const { token } = await member();
    await info(token);
    const queries = querySpy();
    try {
      for (let i = 0; i < 5; i++) await info(token);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('shows a new nickname at once, on the instance that saved it', async () => {
    const { token } = await member();
    await info(token);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/app-api/ip/member-user/update',
      headers: bearer(token),
      payload: { nickname: 'Cached Once' },
    });
    expect(saved.json().code).toBe(0);
    expect((await info(token)).nickname).toBe('Cached Once');
  });

  it('shows a balance changed by hand in the database within a second, and keeps the other members', async () => {
    const [one, other] = [await member(), await member()];
    await info(one.token);
    const before = await info(other.token);
    await t.app.db.execute(sql`update member_users set limit_balance = limit_balance + 2048 where id = ${one.id}`);
    await within(1000, async () => (await info(one.token)).limitBalance === 2048);
    // Only that member's entry went: the other is still answered from memory.
    const queries = querySpy();
    try {
      expect(await info(other.token)).toEqual(before);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });
});
