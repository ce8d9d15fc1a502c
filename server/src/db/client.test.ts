import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { ping } from './client.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('database', () => {
  it('answers a ping', async () => {
    await expect(ping(database.db)).resolves.toBeUndefined();
  });

  it('re-applying the migrations, even concurrently, applies each one once', async () => {
    await database.migrate();
    await Promise.all([database.migrate(), database.migrate()]);
    const rows = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
    const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'));
    expect(n).toBe(journal.entries.length);
  });
});
