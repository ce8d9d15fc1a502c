import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/shared';
import { authStore, callApi } from '@portal/shared/browser';

/** The user's certification records and status; `refresh` after a submission updates header and pages. */
export function useCertification() {
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: ['member-user'], queryFn: () => callApi(api.memberUserGet) });
  const personal = useQuery({ queryKey: ['cert', 'personal'], queryFn: () => callApi(api.personalCertGet) });
  const enterprise = useQuery({ queryKey: ['cert', 'enterprise'], queryFn: () => callApi(api.enterpriseCertGet) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['cert'] });
    const info = await queryClient.fetchQuery({
      queryKey: ['member-user'],
      queryFn: () => callApi(api.memberUserGet),
      staleTime: 0,
    });
    if (info) authStore.userInfo = info;
  };
  return {
    loading: user.isLoading || personal.isLoading || enterprise.isLoading,
    failed: user.isError || personal.isError || enterprise.isError,
    retry: () => {
      for (const q of [user, personal, enterprise]) if (q.isError) void q.refetch();
    },
    status: user.data?.identificationStatus ?? 0,
    type: user.data?.certificationType ?? null,
    personal: personal.data ?? null,
    enterprise: enterprise.data ?? null,
    refresh,
  };
}

/** While in review or after approval nothing may change (SPEC section 4). */
export const isLocked = (status: number) => status === 1 || status === 3;
