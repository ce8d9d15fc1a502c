import { queryOptions } from '@tanstack/react-query';
import { api } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';

/**
 * The member's certification records, one owner for their keys and fetchers: the certification
 * pages (user centre) and the invoice forms (any remote) read the same cache, and a submission
 * refreshes all of them through `certificationKey`.
 */
export const certificationKey = ['certification'] as const;

export const certificationQueries = {
  personal: () => queryOptions({ queryKey: [...certificationKey, 'personal'], queryFn: () => callApi(api.personalCertGet) }),
  enterprise: () =>
    queryOptions({ queryKey: [...certificationKey, 'enterprise'], queryFn: () => callApi(api.enterpriseCertGet) }),
  document: () => queryOptions({ queryKey: [...certificationKey, 'document'], queryFn: () => callApi(api.documentCertGet) }),
};
