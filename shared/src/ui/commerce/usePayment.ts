import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { PayAction } from '../../contract/index.ts';
import { ApiError } from '../../http/client.ts';
import type { QrPayAction } from './QrPayPanel.tsx';

/**
 * Starting a payment: a redirect (Alipay, the phone channels, the sandbox cashier) leaves the page;
 * a QR code (WeChat Native) is kept in `qr` to show. A refusal is kept in `failure` as the server
 * worded it, a failed call as a generic line; anything else is a bug and is thrown.
 */
export function usePayment() {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [qr, setQr] = useState<QrPayAction | null>(null);

  /** Runs `pay` (which may place the order first); true when a QR code is to be shown. */
  const start = async (pay: () => Promise<PayAction>): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      const action = await pay();
      if (action.kind === 'redirect') {
        window.location.assign(action.url);
        return false; // stay busy while the browser leaves
      }
      setQr(action);
      setBusy(false);
      return true;
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.kind === 'business') setFailure(err.message);
      else if (err instanceof ApiError) setFailure(intl.formatMessage({ id: 'shared.pay.failed' }));
      else throw err;
      return false;
    }
  };

  return { busy, failure, setFailure, qr, setQr, start };
}
