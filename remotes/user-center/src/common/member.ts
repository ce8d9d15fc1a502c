import { queryOptions } from '@tanstack/react-query';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';

/** The member's profile as the account and certification pages read it (one key, one fetcher). */
export const memberUserQuery = () => queryOptions({ queryKey: ['member-user'], queryFn: () => callApi(api.memberUserGet) });
