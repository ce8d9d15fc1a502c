import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createTestUser } from '../../test/members.ts';
import {
  createSession,
  hashToken,
  pruneSessions,
  resolveSession,
  revokeSession,
  SESSION_REFRESH_INTERVAL_MS,
  SESSION_TTL_MS,
} from './sessions.ts';
import { memberSessions } from './tables.ts';

let database: TestDatabase;
let userId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await createTestUser(database.db)).id;
});
afterAll(() => database.destroy());

const HOUR = SESSION_REFRESH_INTERVAL_MS;
const t0 = new Date('2026-11-21T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('sessions', () => {
  it('hash tokens with SHA-256; the token itself is never stored', async () => {
    const { token, sessionId } = await createSession(database.db, userId, t0);
    const [row] = await database.db.select().from(memberSessions).where(eq(memberSessions.id, sessionId));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('live exactly 7 days without use', async () => {
    const idle = await createSession(database.db, userId, t0);
    expect(idle.expiresAt).toEqual(at(SESSION_TTL_MS));
    expect(await resolveSession(database.db, idle.token, at(SESSION_TTL_MS))).toBeNull();
    const lastMoment = await createSession(database.db, userId, t0);
    expect(await resolveSession(database.db, lastMoment.token, at(SESSION_TTL_MS - 1))).toMatchObject({ userId });
  });

  it('do not slide within the first hour', async () => {
    const { token } = await createSession(database.db, userId, t0);
    expect(await resolveSession(database.db, token, at(HOUR - 1))).toMatchObject({ userId, expiresAt: at(SESSION_TTL_MS) });
  });

  it('slide to 7 days after use, at most once per hour', async () => {
    const { token, sessionId } = await createSession(database.db, userId, t0);
    const read = async () => (await database.db.select().from(memberSessions).where(eq(memberSessions.id, sessionId)))[0];
    await resolveSession(database.db, token, at(HOUR - 1));
    expect((await read())?.expiresAt).toEqual(at(SESSION_TTL_MS));
    expect(await resolveSession(database.db, token, at(HOUR + 1))).toMatchObject({ expiresAt: at(HOUR + 1 + SESSION_TTL_MS) });
    expect(await read()).toMatchObject({ lastUsedAt: at(HOUR + 1), expiresAt: at(HOUR + 1 + SESSION_TTL_MS) });
    // Six days later it is still alive thanks to that use, and slides again.
    const later = HOUR + 1 + 6 * 24 * HOUR;
    expect(await resolveSession(database.db, token, at(later))).toMatchObject({ expiresAt: at(later + SESSION_TTL_MS) });
  });

  it('refresh once under concurrent requests', async () => {
    const { token, sessionId } = await createSession(database.db, userId, t0);
    const now = at(2 * HOUR);
    const results = await Promise.all([1, 2, 3].map(() => resolveSession(database.db, token, now)));
    expect(results.every((r) => r?.sessionId === sessionId)).toBe(true);
    const [row] = await database.db.select().from(memberSessions).where(eq(memberSessions.id, sessionId));
    expect(row?.lastUsedAt).toEqual(now);
  });

  it('stop working once revoked, and revoking again keeps the first time', async () => {
    const { token, sessionId } = await createSession(database.db, userId, t0);
    await revokeSession(database.db, sessionId, at(1000));
    await revokeSession(database.db, sessionId, at(2000));
    expect(await resolveSession(database.db, token, at(3000))).toBeNull();
    const [row] = await database.db.select().from(memberSessions).where(eq(memberSessions.id, sessionId));
    expect(row?.revokedAt).toEqual(at(1000));
  });

  it('refuse tokens of the wrong shape without a lookup', async () => {
    for (const token of ['', 'short', `${'a'.repeat(43)}=`, 'a'.repeat(44), `${'a'.repeat(42)}!`]) {
      expect(await resolveSession(database.db, token, t0)).toBeNull();
    }
  });

  it('prune only the dead sessions of one user', async () => {
    const user = (await createTestUser(database.db)).id;
    const other = (await createTestUser(database.db)).id;
    await createSession(database.db, user, t0); // expired by the time of pruning
    const revoked = await createSession(database.db, user, at(SESSION_TTL_MS));
    await revokeSession(database.db, revoked.sessionId, at(SESSION_TTL_MS));
    const live = await createSession(database.db, user, at(SESSION_TTL_MS));
    const othersDead = await createSession(database.db, other, t0);
    await pruneSessions(database.db, user, at(SESSION_TTL_MS + 1));
    const left = await database.db.select({ id: memberSessions.id, userId: memberSessions.userId }).from(memberSessions);
    expect(left.filter((s) => s.userId === user).map((s) => s.id)).toEqual([live.sessionId]);
    expect(left.some((s) => s.id === othersDead.sessionId)).toBe(true);
  });
});
