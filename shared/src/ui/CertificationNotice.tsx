import { useLocation } from './router.ts';
import { useSnapshot } from 'valtio';
import { ActionNotice } from './ActionNotice.tsx';
import { authStore, isCertified } from '../state/auth.ts';
import { useLocalePath } from './useLocalePath.ts';

/**
 * The certification page, with the way back to the page the member is on: after certifying they
 * continue where they were (a purchase, the proxy generator) instead of starting over.
 */
export function useCertifyLink(): string {
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  return `${to('/admin/auth')}?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * On pages that use the proxy service: policy requires real-name certification before the proxies
 * are used (SPEC section 5), never before buying. Said once and calmly (info, not a warning).
 */
export function CertificationNotice() {
  const auth = useSnapshot(authStore);
  const certify = useCertifyLink();
  if (!auth.userInfo || isCertified(auth)) return null;
  return (
    <ActionNotice
      status="info"
      descriptionId="shared.certification.beforeUse"
      action={{ to: certify, labelId: 'shared.certification.go', variant: 'outline' }}
      testId="certification-notice"
    />
  );
}
