import { Button } from './chakra.ts';
import { useCallback } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from './router.ts';
import { sameSitePath } from '../routes/same-site-path.ts';

/**
 * The page a member came from (`?redirect=`), e.g. the purchase that sent them to certify first;
 * only a same-site path that sameSitePath leaves as it is (no open redirect).
 */
export function useReturnPath(): { returnPath: string | null; carry: (path: string) => string } {
  const [params] = useSearchParams();
  const raw = params.get('redirect');
  const returnPath = raw && sameSitePath(raw, '') === raw ? raw : null;
  /** A link of the flow that keeps the way back attached. */
  const carry = useCallback(
    (path: string) => (returnPath ? `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(returnPath)}` : path),
    [returnPath],
  );
  return { returnPath, carry };
}

/** "Continue where you left off": back to the page that asked for this step; nothing without one. */
export function ContinueLink() {
  const { returnPath } = useReturnPath();
  if (!returnPath) return null;
  return (
    <Button asChild colorPalette="brand" alignSelf="flex-start" data-testid="continue-link">
      <Link to={returnPath}>
        <FormattedMessage id="shared.continue" />
      </Link>
    </Button>
  );
}
