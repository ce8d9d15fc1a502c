import { useQuery } from '@tanstack/react-query';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';

export const apiTokensKey = ['api-tokens'] as const;

/** The caller's live API tokens, newest first. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: () => callApi(api.apiTokenList) });
}
