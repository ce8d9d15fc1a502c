import { useQuery } from '@tanstack/react-query';
import { certificationQueries } from '../certification/queries.ts';

/**
 * The user's personal and enterprise certifications, which prefill the invoice (and, for a static
 * order, decide its type), from the cache the certification pages share.
 */
export function useCertifications() {
  const personal = useQuery(certificationQueries.personal());
  const enterprise = useQuery(certificationQueries.enterprise());
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
