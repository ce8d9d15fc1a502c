import { useQuery } from '@tanstack/react-query';
import { api } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';

/**
 * The user's personal and enterprise certifications, which prefill the invoice (and, for a static
 * order, decide its type). The same query keys as the certification pages, so they share the cache.
 */
export function useCertifications() {
  const personal = useQuery({ queryKey: ['cert', 'personal'], queryFn: () => callApi(api.personalCertGet) });
  const enterprise = useQuery({ queryKey: ['cert', 'enterprise'], queryFn: () => callApi(api.enterpriseCertGet) });
  return {
    loading: personal.isLoading || enterprise.isLoading,
    failed: personal.isError || enterprise.isError,
    retry: () => {
      for (const q of [personal, enterprise]) if (q.isError) void q.refetch();
    },
    personal: personal.data ?? null,
    enterprise: enterprise.data ?? null,
  };
}

export type Certification = ReturnType<typeof useCertifications>;
