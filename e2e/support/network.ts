import type { APIRequestContext } from '@playwright/test';
import { serverEnv } from '../playwright.config.ts';

const MIB = 1024 * 1024;
let record = 0;

/** One proxy account's usage as the proxy network reports it (its gateway authenticated `username`). */
export interface ReportedUsage {
  username?: string;
  mb: number;
  host?: string;
  country?: string;
  requests?: number;
  failedRequests?: number;
}

/** The proxy network's usage batch for one user, now; answers the ingestion's result. */
export async function reportUsage(request: APIRequestContext, userId: number, usage: ReportedUsage[]) {
  const res = await request.post('/app-api/proxy-network/usage', {
    headers: { 'x-api-key': serverEnv.PROXY_NETWORK_API_KEY as string },
    data: {
      records: usage.map((u) => ({
        id: `e2e-usage-${userId}-${Date.now()}-${++record}`,
        userId,
        ...(u.username !== undefined && { username: `${u.username}-zone-resi-region-US` }),
        bytes: u.mb * MIB,
        usedAt: Date.now(),
        host: u.host ?? 'example.com',
        country: u.country ?? 'US',
        ...(u.requests !== undefined && { requests: u.requests }),
        ...(u.failedRequests !== undefined && { failedRequests: u.failedRequests }),
      })),
    },
  });
  return (await res.json()).data as {
    applied: number;
    cappedAccounts: string[];
    limitedUserIds: number[];
    limitedAccounts: string[];
  };
}

export async function userIdOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/app-api/ip/member-user/get', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.id;
}

/** The proxy network's credential check of one account. */
export async function verifyAccount(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/app-api/proxy-network/verify', {
    headers: { 'x-api-key': serverEnv.PROXY_NETWORK_API_KEY as string },
    data: { username: `${username}-zone-resi-region-US`, password },
  });
  return (await res.json()).data as { allowed: boolean; reason: string; limit?: { scope: string; period: string } };
}
