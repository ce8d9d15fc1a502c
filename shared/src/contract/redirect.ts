import { z } from 'zod';
import { defineApi } from './define.ts';
import { sameSitePath } from '../routes/same-site-path.ts';
import { exactText } from './primitives.ts';

/** A path without locale prefix as the route guard asks for it (`/buy`, `/blog/old-post`). */
export const redirectPath = exactText(512).startsWith('/', 'validation.path');

/**
 * Where a redirect rule sends the browser: a path on this site (`/en/buy`, `/buy`) or an absolute
 * http(s) URL, followed with a full navigation. `//host`, `/\host` and their encoded forms
 * (`/%2F%2Fhost`, `/%5Chost`) are refused: browsers treat them as another origin (at once or once
 * something decodes them), which would make a "relative" rule an open redirect (sameSitePath).
 */
export const redirectTarget = z.string().trim().max(2048).refine(isRedirectTarget, 'validation.redirectTarget');

function isRedirectTarget(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  if (value.startsWith('/')) return sameSitePath(value, '') === value;
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

export const redirectQuery = z.object({ path: redirectPath });

export const redirectResult = z.object({
  /** Null: no rule, render the page. */
  target: z.string().nullable(),
});
export type RedirectResult = z.output<typeof redirectResult>;

export const redirectApi = {
  redirectGet: defineApi({
    method: 'GET',
    path: '/app-api/system/redirect',
    summary: 'Route guard: the redirect target for a path without locale prefix, or null',
    tags: ['system'],
    auth: false,
    query: redirectQuery,
    data: redirectResult,
  }),
};
