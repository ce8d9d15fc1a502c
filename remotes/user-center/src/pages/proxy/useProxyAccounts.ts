import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { message } from '@portal/shared/ui';
import { proxyKeys } from './keys.ts';

export type ProxyAccountList = Awaited<ReturnType<typeof callApi<typeof api.proxyAccountList>>>;
export type Endpoints = ProxyAccountList['endpoints'];

/** The caller's proxy accounts and the gateway endpoints. */
export function useProxyAccounts() {
  return useQuery({ queryKey: proxyKeys.accounts, queryFn: () => callApi(api.proxyAccountList) });
}

/** Runs `work`, then says `okId`; a refusal is kept, in the server's words or as `failId`. */
export type RunChange = (work: () => Promise<unknown>, okId: string, failId: string) => Promise<void>;

/**
 * Runs one change to the accounts, then reloads them and says it worked; a refusal is kept in
 * `failure` (the server's words when it gave a reason) for the card to show.
 */
export function useAccountChange() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const run: RunChange = async (work, okId, failId) => {
    setFailure(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: proxyKeys.accounts });
      // A deleted sub-account takes its allow-list with it.
      await queryClient.invalidateQueries({ queryKey: proxyKeys.allowLists });
      // A password reset or a deleted sub-account ends its list link.
      await queryClient.invalidateQueries({ queryKey: proxyKeys.listLinks });
      message('success', intl.formatMessage({ id: okId }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setFailure(err.kind === 'business' || err.fieldErrors ? err.message : intl.formatMessage({ id: failId }));
    }
  };
  return { run, failure };
}
