import { z } from 'zod';
import { defineApi } from './define.ts';
import { inQuery } from './primitives.ts';

/**
 * The usage breakdown (issue 31, ask 2): traffic and requests by hour or day, split by proxy
 * account, target domain or exit country, from the hourly roll-ups the ingestion writes. Shared by
 * the user centre's usage page and `/api/v1/usage`.
 */

export const USAGE_GRANULARITIES = ['hour', 'day'] as const;
export const USAGE_GROUPS = ['none', 'subAccount', 'domain', 'country'] as const;
/** The longest range a breakdown covers; by the hour at most USAGE_MAX_HOURLY_DAYS. */
export const USAGE_MAX_DAYS = 90;
export const USAGE_MAX_HOURLY_DAYS = 31;
/** Domains beyond the busiest 20 are summed as one row (`key` null, `other` true). */
export const USAGE_TOP_DOMAINS = 20;

const DAY_MS = 86_400_000;

/** An IANA time zone name the runtime knows (`Asia/Shanghai`), or `UTC`. */
export const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'validation.usage.timeZone');

const breakdownFields = {
  /** Start (epoch ms, inclusive) and end (exclusive). */
  from: inQuery.epochMs,
  to: inQuery.epochMs,
  granularity: z.enum(USAGE_GRANULARITIES).default('day'),
  groupBy: z.enum(USAGE_GROUPS).default('none'),
  /** Buckets are days or hours of this zone; the spec's default is UTC+0. */
  timeZone: timeZone.default('UTC'),
};

/** Whether a range is one a breakdown covers: the refusal's message key, or null. */
export function usageRangeProblem(q: {
  from: number;
  to: number;
  granularity: string;
}): 'validation.usage.range' | 'validation.usage.tooLong' | 'validation.usage.tooLongHourly' | null {
  if (q.to <= q.from) return 'validation.usage.range';
  if (q.to - q.from > USAGE_MAX_DAYS * DAY_MS) return 'validation.usage.tooLong';
  if (q.granularity === 'hour' && q.to - q.from > USAGE_MAX_HOURLY_DAYS * DAY_MS) return 'validation.usage.tooLongHourly';
  return null;
}

export const usageBreakdownQuery = z.object(breakdownFields).superRefine((q, ctx) => {
  const problem = usageRangeProblem(q);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['from'] });
});
/** `/api/v1/usage`: the same, with the range optional (the last 30 days up to now). */
export const publicUsageQuery = z
  .object({ ...breakdownFields, from: breakdownFields.from.optional(), to: breakdownFields.to.optional() })
  .superRefine((q, ctx) => {
    const problem = q.from !== undefined && q.to !== undefined ? usageRangeProblem({ ...q, from: q.from, to: q.to }) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });
export type UsageBreakdownQuery = z.input<typeof usageBreakdownQuery>;

const usageFigures = z.object({
  bytes: z.number().int().nonnegative(),
  requests: z.number().int().nonnegative(),
  failedRequests: z.number().int().nonnegative(),
});

export const usageBreakdown = z.object({
  from: z.number().int(),
  to: z.number().int(),
  granularity: z.enum(USAGE_GRANULARITIES),
  groupBy: z.enum(USAGE_GROUPS),
  timeZone: z.string(),
  /**
   * The groups, busiest first: a proxy account name, a domain, an ISO country code; `key` null is
   * usage the network did not name (or, with `other`, the domains after the busiest 20).
   */
  groups: z.array(usageFigures.extend({ key: z.string().nullable(), other: z.boolean() })),
  /** One point per bucket and group with usage, oldest first; `start` is the bucket's first instant (epoch ms). */
  points: z.array(usageFigures.extend({ start: z.number().int(), key: z.string().nullable(), other: z.boolean() })),
  total: usageFigures,
});
export type UsageBreakdown = z.output<typeof usageBreakdown>;

export const usageApi = {
  usageBreakdown: defineApi({
    method: 'GET',
    path: '/app-api/ip/usage/breakdown',
    summary:
      "The caller's traffic and requests by hour or day, by proxy account, target domain (busiest 20 and the rest) or country, in UTC or a time zone",
    tags: ['usage'],
    auth: true,
    query: usageBreakdownQuery,
    data: usageBreakdown,
  }),
};
