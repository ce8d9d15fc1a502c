import { useQuery, useQueryClient } from '@tanstack/react-query';
import { replaceUserInfo } from '@portal/shared/browser';
import { certificationKey, certificationQueries } from '@portal/shared/ui';
import { memberUserQuery } from '../../common/member.ts';

/** The user's certification records and status; `refresh` after a submission updates header and pages. */
export function useCertification() {
  const queryClient = useQueryClient();
  const user = useQuery(memberUserQuery());
  const personal = useQuery(certificationQueries.personal());
  const enterprise = useQuery(certificationQueries.enterprise());
  const document = useQuery(certificationQueries.document());
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: certificationKey });
    const info = await queryClient.fetchQuery({ ...memberUserQuery(), staleTime: 0 });
    replaceUserInfo(info);
  };
  return {
    loading: user.isLoading || personal.isLoading || enterprise.isLoading || document.isLoading,
    failed: user.isError || personal.isError || enterprise.isError || document.isError,
    retry: () => {
      for (const q of [user, personal, enterprise, document]) if (q.isError) void q.refetch();
    },
    status: user.data?.identificationStatus ?? 0,
    type: user.data?.certificationType ?? null,
    personal: personal.data ?? null,
    enterprise: enterprise.data ?? null,
    document: document.data ?? null,
    /** Which submission the status belongs to (see latestKind). */
    current: latestKind(personal.data ?? null, enterprise.data ?? null, document.data ?? null),
    refresh,
  };
}

export type CertificationKind = 'idCard' | 'enterprise' | 'personDocument' | 'companyDocument';

/** The page of each kind of certification. */
export const KIND_PATHS: Record<CertificationKind, string> = {
  idCard: '/admin/auth/personal',
  personDocument: '/admin/auth/personal/document',
  enterprise: '/admin/auth/company',
  companyDocument: '/admin/auth/company/overseas',
};

/**
 * The kind of the user's latest submission, the one their status belongs to: nothing can be
 * submitted while one is in review or approved, so the newest is always the one that decided.
 */
export function latestKind(
  personal: { createdAt: number } | null,
  enterprise: { submittedAt: number } | null,
  document: { submittedAt: number; documentType: string } | null,
): CertificationKind | null {
  const candidates: [CertificationKind, number][] = [];
  if (personal) candidates.push(['idCard', personal.createdAt]);
  if (enterprise) candidates.push(['enterprise', enterprise.submittedAt]);
  if (document)
    candidates.push([
      document.documentType === 'company_registration' ? 'companyDocument' : 'personDocument',
      document.submittedAt,
    ]);
  return candidates.sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** While in review or after approval nothing may change (SPEC section 4). */
export const isLocked = (status: number) => status === 1 || status === 3;
