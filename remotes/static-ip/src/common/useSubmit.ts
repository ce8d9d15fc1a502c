import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '@portal/shared/browser';

/** What to say about the server's refusal (and whatever else to do about it); `failed` is the generic line. */
type Refusal = (err: ApiError, failed: string) => string;

const saidByServer: Refusal = (err, failed) => err.message || failed;

/**
 * An action started by a button (buy, renew, exchange): busy while it runs, and why it failed said
 * inline: a refusal as `refusal` words it, any other failed call as `failedId`; a bug is thrown.
 */
export function useSubmit(failedId: string) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (action: () => Promise<void>, refusal: Refusal = saidByServer) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const failed = intl.formatMessage({ id: failedId });
      setFailure(err.kind === 'business' ? refusal(err, failed) : failed);
    } finally {
      setBusy(false);
    }
  };

  return { busy, failure, setFailure, run };
}
