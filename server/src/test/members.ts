import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { createUser, type MemberUser, type NewMember } from '../modules/accounts/users.ts';

let counter = 0;

/** A member with a unique mobile (1390000xxxx) unless one is given; password `Secret@123` by default. */
export async function createTestUser(db: Db, overrides: Partial<NewMember> = {}): Promise<MemberUser & { password: string }> {
  counter += 1;
  const input = {
    mobile: `139${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(4, '0')}`,
    password: 'Secret@123',
    ...overrides,
  };
  return { ...(await createUser(db, input)), password: input.password };
}

/** Logs in through the API and returns the bearer token. */
export async function loginToken(app: FastifyInstance, mobile: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/app-api/member/auth/login', payload: { mobile, password } });
  const body = res.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
